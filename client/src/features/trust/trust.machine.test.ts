import type { SelfFreezeState, TrustPanel } from '@kabu/shared/api/trust'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { trustMachine } from './trust.machine'

const open: SelfFreezeState = { withdraw: null, trading: null, cooling_hours: 24 }
const frozen: SelfFreezeState = {
  ...open,
  withdraw: { scope: 'withdraw', since: 1, unfreeze_from: 2 },
}
const panel = { self_freeze: open, refusal_rules: [] } as unknown as TrustPanel

function start(calls: {
  freeze?: (input: { what: string; fundPassword: string }) => Promise<SelfFreezeState>
  unfreeze?: () => Promise<SelfFreezeState>
  exportLedger?: () => Promise<void>
}) {
  const seen: string[] = []
  const machine = trustMachine.provide({
    actors: {
      load: fromPromise(async () => panel),
      freeze: fromPromise(async ({ input }) => {
        seen.push(`freeze:${input.what}:${input.fundPassword}`)
        return (calls.freeze ?? (async () => frozen))(input)
      }),
      unfreeze: fromPromise(async () => (calls.unfreeze ?? (async () => open))()),
      exportLedger: fromPromise(async () => (calls.exportLedger ?? (async () => {}))()),
    },
  })
  const actor = createActor(machine).start()
  return { actor, seen }
}

describe('trust machine', () => {
  it('confirms a freeze with the fund password and shows the new state', async () => {
    const { actor, seen } = start({})
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'FREEZE', what: 'withdraw' })
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true)
    actor.send({ type: 'CONFIRM', fundPassword: '135790' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(seen).toEqual(['freeze:withdraw:135790'])
    expect(actor.getSnapshot().context.panel?.self_freeze).toEqual(frozen)
    expect(actor.getSnapshot().context.pending).toBeNull()
  })

  it('keeps the dialog open with the refusal when a lift is refused', async () => {
    const refusal = Object.assign(new Error('refused'), { msg: 'self_freeze_cooling' })
    const { actor } = start({ unfreeze: () => Promise.reject(refusal) })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'UNFREEZE', what: 'withdraw' })
    actor.send({ type: 'CONFIRM', fundPassword: '135790' })
    await waitFor(actor, (s) => s.matches({ ready: 'confirming' }))
    expect(actor.getSnapshot().context.failure).toBe('self_freeze_cooling')
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.failure).toBeNull()
  })

  it('exports and comes back', async () => {
    let exported = 0
    const { actor } = start({ exportLedger: async () => void exported++ })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'EXPORT' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(exported).toBe(1)
  })
})
