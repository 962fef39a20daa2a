import { ALERTS_PAGE_SIZE, type AlertItem, type AlertsPage } from '@kabu/shared/api/alerts'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { alertsMachine, type AlertChange, type Changed } from './alerts.machine'

const alert = (id: number, status: AlertItem['status'] = 'active'): AlertItem => ({
  id: String(id),
  code: '7203',
  market: 'jp',
  name: { ja: 'トヨタ自動車', zh: '丰田汽车', en: 'Toyota Motor' },
  kind: 'price_above',
  value: '3000',
  repeat: false,
  status,
  armed: true,
  fired: 0,
  fired_price: null,
  fired_at: null,
  created: id,
})

/**
 * A fake server holding `count` alerts, newest (highest id) first, that pages them as the gateway
 * does (offset = (page - 1) × page size) and deletes and pauses them.
 */
function server(count: number) {
  let held = Array.from({ length: count }, (_, i) => alert(count - i))
  const pagesAsked: number[] = []
  const actor = createActor(
    alertsMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }: { input: { page: number } }) => {
          pagesAsked.push(input.page)
          const from = (input.page - 1) * ALERTS_PAGE_SIZE
          const page: AlertsPage = {
            list: held.slice(from, from + ALERTS_PAGE_SIZE),
            total: held.length,
          }
          return page
        }),
        changeAlert: fromPromise<Changed, AlertChange>(async ({ input }) => {
          if ('delete' in input) {
            held = held.filter((a) => a.id !== input.id)
            return { id: input.id, item: null }
          }
          const item = alert(Number(input.id), input.paused ? 'paused' : 'active')
          held = held.map((a) => (a.id === input.id ? item : a))
          return { id: input.id, item }
        }),
      },
    }),
  ).start()
  return { actor, pagesAsked, held: () => held, add: (a: AlertItem) => held.unshift(a) }
}

const ids = (actor: ReturnType<typeof server>['actor']) =>
  actor.getSnapshot().context.items.map((a) => a.id)

describe('alertsMachine', () => {
  it('reads more than one page while the total says there are more, then stops', async () => {
    const { actor, pagesAsked, held } = server(ALERTS_PAGE_SIZE + 20)
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    expect(ids(actor)).toHaveLength(ALERTS_PAGE_SIZE)
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }) && s.context.items.length > 50)
    expect(ids(actor)).toEqual(held().map((a) => a.id))
    // Nothing more to read: a further LOAD_MORE asks for nothing.
    actor.send({ type: 'LOAD_MORE' })
    expect(actor.getSnapshot().matches({ shown: 'list' })).toBe(true)
    expect(pagesAsked).toEqual([1, 2])
  })

  it('after a delete, reads the page the delete left short again, so no alert is skipped', async () => {
    const { actor, pagesAsked, held } = server(ALERTS_PAGE_SIZE * 2 + 5)
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    actor.send({ type: 'DELETE', id: ids(actor)[0]! })
    await waitFor(actor, (s) => !s.context.changing)
    expect(actor.getSnapshot().context).toMatchObject({ total: ALERTS_PAGE_SIZE * 2 + 4 })
    for (let i = 0; i < 3; i++) {
      actor.send({ type: 'LOAD_MORE' })
      await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    }
    expect(ids(actor)).toEqual(held().map((a) => a.id))
    // Page 1 again: the one alert that moved up from page 2 into the gap.
    expect(pagesAsked).toEqual([1, 1, 2, 3])
  })

  it('pauses one alert in place, keeping the pages read', async () => {
    const { actor } = server(ALERTS_PAGE_SIZE + 1)
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.context.items.length === ALERTS_PAGE_SIZE + 1)
    const last = ids(actor).at(-1)!
    actor.send({ type: 'PAUSE', id: last, paused: true })
    await waitFor(actor, (s) => !s.context.changing)
    const { items } = actor.getSnapshot().context
    expect(items).toHaveLength(ALERTS_PAGE_SIZE + 1)
    expect(items.at(-1)).toMatchObject({ id: last, status: 'paused' })
  })

  it('shows the empty state, and reads the first page again when an alert fires', async () => {
    const { actor, add } = server(0)
    await waitFor(actor, (s) => s.hasTag('empty'))
    add(alert(7, 'triggered'))
    actor.send({ type: 'ARRIVED' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    expect(actor.getSnapshot().context).toMatchObject({ total: 1, items: [alert(7, 'triggered')] })
  })
})
