import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { INBOX_PAGE_SIZE, type InboxItem, type InboxPage } from '@kabu/shared/api/inbox'
import { inboxMachine } from './inbox.machine'

const item = (id: number, read: 0 | 1 = 0): InboxItem => ({
  id: String(id),
  title: `t${id}`,
  summary: 's',
  params: {},
  read,
  created: id,
})

/** A fake server: `pages` answers in order; an Error entry is a failed call. */
function run(pages: Array<InboxPage | Error>) {
  const asked: number[] = []
  const actor = createActor(
    inboxMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }: { input: { page: number } }) => {
          asked.push(input.page)
          const next = pages.shift()
          if (!next) throw new Error('no more answers')
          if (next instanceof Error) throw Object.assign(next, { msg: next.message })
          return next
        }),
      },
    }),
  ).start()
  return { actor, asked }
}

const fullPage = (from: number): InboxPage => ({
  list: Array.from({ length: INBOX_PAGE_SIZE }, (_, i) => item(from - i)),
  unread: 30,
})

describe('inboxMachine', () => {
  it('shows the empty state when there are no messages, and reloads when one arrives', async () => {
    const { actor, asked } = run([
      { list: [], unread: 0 },
      { list: [item(1)], unread: 1 },
    ])
    await waitFor(actor, (s) => s.hasTag('empty'))
    actor.send({ type: 'ARRIVED' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    expect(actor.getSnapshot().context).toMatchObject({ unread: 1, items: [item(1)] })
    expect(asked).toEqual([1, 1])
  })

  it('fails with the server key, retries, then pages on while full pages come', async () => {
    const { actor, asked } = run([
      new Error('network_error'),
      fullPage(40),
      { list: [item(21), item(20, 1)], unread: 29 },
    ])
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toBe('network_error')
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    expect(actor.getSnapshot().context.hasMore).toBe(true)
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }) && s.context.page === 2)
    const { context } = actor.getSnapshot()
    // item 21 was on both pages (a message arrived meanwhile): it is listed once.
    expect(context.items).toHaveLength(INBOX_PAGE_SIZE + 1)
    expect(context).toMatchObject({ unread: 29, hasMore: false, failure: null })
    actor.send({ type: 'LOAD_MORE' })
    expect(actor.getSnapshot().matches({ shown: 'list' })).toBe(true)
    expect(asked).toEqual([1, 1, 2])
  })

  it('keeps the list when a refresh fails', async () => {
    const { actor } = run([{ list: [item(3)], unread: 1 }, new Error('please_login_again')])
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    actor.send({ type: 'REFRESH' })
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true)
    await waitFor(actor, (s) => !s.hasTag('refreshing'))
    expect(actor.getSnapshot().context).toMatchObject({
      items: [item(3)],
      failure: 'please_login_again',
    })
  })

  it('asks again when a message arrives while the first page is on its way', async () => {
    const { actor, asked } = run([
      { list: [], unread: 0 },
      { list: [item(9)], unread: 1 },
    ])
    actor.send({ type: 'ARRIVED' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    expect(actor.getSnapshot().context.items).toEqual([item(9)])
    expect(asked).toEqual([1, 1])
  })
})
