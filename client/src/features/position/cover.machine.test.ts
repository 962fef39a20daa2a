import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, waitFor } from 'xstate'
import { coverMachine } from './cover.machine'

const refusal = (msg: string) => Object.assign(new Error(msg), { msg })
const order = { code: '7203', num: 100 }

function run(cover: () => Promise<{ id: string }> = async () => ({ id: '9' })) {
  const sent: unknown[] = []
  let serial = 0
  const actor = createActor(
    coverMachine.provide({
      actors: {
        cover: fromPromise(async ({ input }) => {
          sent.push(input)
          return cover()
        }),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
    { input: { id: '9' } },
  ).start()
  return { actor, sent }
}

describe('cover machine', () => {
  it('confirms, then buys the short back whole with its id', async () => {
    const h = run()
    h.actor.send({ type: 'COVER', order })
    expect(h.actor.getSnapshot().hasTag('confirm')).toBe(true)
    expect(h.sent).toEqual([])
    h.actor.send({ type: 'CONFIRM' })
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(h.actor, (s) => s.matches('covered'))
    expect(h.actor.getSnapshot().hasTag('ended')).toBe(true)
    expect(h.sent).toEqual([{ id: '9', code: '7203', num: 100, idem: 'idem-1' }])
  })

  it('sends nothing when the confirmation is dismissed', () => {
    const h = run()
    h.actor.send({ type: 'COVER', order })
    h.actor.send({ type: 'CANCEL' })
    expect(h.actor.getSnapshot().value).toBe('idle')
    expect(h.sent).toEqual([])
  })

  it('returns to the position with the refusal, and tries again under a new key', async () => {
    const h = run(() => Promise.reject(refusal('quote_stale')))
    for (let i = 0; i < 2; i++) {
      h.actor.send({ type: 'COVER', order })
      h.actor.send({ type: 'CONFIRM' })
      await waitFor(h.actor, (s) => s.matches('idle'))
      expect(h.actor.getSnapshot().context.error).toBe('quote_stale')
    }
    expect(h.sent.map((x) => (x as { idem: string }).idem)).toEqual(['idem-1', 'idem-2'])
    // A new try clears the last refusal until its own answer.
    h.actor.send({ type: 'COVER', order })
    expect(h.actor.getSnapshot().context.error).toBeNull()
  })

  it('calls a failure without a refusal key a network error', async () => {
    const h = run(() => Promise.reject(new Error('socket hang up')))
    h.actor.send({ type: 'COVER', order })
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('idle'))
    expect(h.actor.getSnapshot().context.error).toBe('network_error')
  })

  it('does not cover no shares', () => {
    const h = run()
    h.actor.send({ type: 'COVER', order: { code: '7203', num: 0 } })
    expect(h.actor.getSnapshot().value).toBe('idle')
  })
})
