import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { MessageDetail } from '@kabu/shared/api/inbox'
import { detailMachine } from './detail.machine'

const detail: MessageDetail = {
  id: '5',
  title: 'Maintenance',
  summary: 's',
  body: 'b',
  params: {},
  created: 1,
}

describe('detailMachine', () => {
  it('fails with the server key, and shows the record after a retry', async () => {
    const answers: Array<MessageDetail | Error> = [
      Object.assign(new Error(), { msg: 'not_found' }),
      detail,
    ]
    const asked: string[] = []
    const actor = createActor(
      detailMachine<MessageDetail>('message').provide({
        actors: {
          fetchItem: fromPromise(async ({ input }: { input: { id: string } }) => {
            asked.push(input.id)
            const next = answers.shift()
            if (!next || next instanceof Error) throw next
            return next
          }),
        },
      }),
      { input: { id: '5' } },
    ).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toBe('not_found')
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('shown'))
    expect(actor.getSnapshot().context.item).toEqual(detail)
    expect(asked).toEqual(['5', '5'])
  })
})
