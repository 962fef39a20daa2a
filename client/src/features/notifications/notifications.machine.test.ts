import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { NotificationsPage, WireNotification } from '@kabu/shared/api/notifications'
import { notificationsMachine, type Marked } from './notifications.machine'

const item = (id: number, read: 0 | 1 = 0): WireNotification => ({
  id: String(id),
  kind: 'fills',
  title: 'Order filled',
  body: `7203 Buy ${id}`,
  url: `/position/order?type=jpy&id=${id}`,
  read,
  created: id,
})

/** A fake server: pages answer in order; each mark answers with the count given, or fails. */
function run(pages: NotificationsPage[], marks: Array<number | Error> = []) {
  const marked: Array<string | undefined> = []
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        fetchPage: fromPromise(async () => {
          const next = pages.shift()
          if (!next) throw new Error('no more pages')
          return next
        }),
        markRead: fromPromise(async ({ input }: { input: { id?: string } }): Promise<Marked> => {
          marked.push(input.id)
          const answer = marks.shift()
          if (answer === undefined || answer instanceof Error) throw answer ?? new Error('none')
          return { ids: input.id === undefined ? 'all' : [input.id], unread: answer }
        }),
      },
    }),
  ).start()
  return { actor, marked }
}

describe('notificationsMachine', () => {
  it('shows the empty state, and the list once a notification arrives', async () => {
    const { actor } = run([
      { list: [], unread: 0 },
      { list: [item(1)], unread: 1 },
    ])
    await waitFor(actor, (s) => s.hasTag('empty'))
    actor.send({ type: 'ARRIVED' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    expect(actor.getSnapshot().context).toMatchObject({ unread: 1, items: [item(1)] })
  })

  it('marks the opened line read, then all, as the server answers', async () => {
    const { actor, marked } = run([{ list: [item(2), item(1)], unread: 2 }], [1, 0])
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    actor.send({ type: 'MARK_READ', id: '2' })
    await waitFor(actor, (s) => s.context.unread === 1 && !s.context.marking)
    expect(actor.getSnapshot().context.items.map((i) => i.read)).toEqual([1, 0])
    actor.send({ type: 'MARK_READ' })
    await waitFor(actor, (s) => s.context.unread === 0 && !s.context.marking)
    expect(actor.getSnapshot().context.items.map((i) => i.read)).toEqual([1, 1])
    expect(marked).toEqual(['2', undefined])
  })

  it('leaves the lines as they were when the mark is refused, and can mark again', async () => {
    const { actor, marked } = run([{ list: [item(1)], unread: 1 }], [new Error('network'), 0])
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    actor.send({ type: 'MARK_READ', id: '1' })
    await waitFor(actor, (s) => marked.length === 1 && !s.context.marking)
    expect(actor.getSnapshot().context).toMatchObject({ unread: 1, items: [item(1)] })
    actor.send({ type: 'MARK_READ', id: '1' })
    await waitFor(actor, (s) => s.context.unread === 0)
    expect(marked).toEqual(['1', '1'])
  })
})
