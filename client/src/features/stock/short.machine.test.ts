import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, waitFor } from 'xstate'
import type { ShortEstimate } from './short-draft'
import { shortMachine } from './short.machine'

const refusal = (msg: string) => Object.assign(new Error(msg), { msg })
const estimate: ShortEstimate = {
  shares: 100,
  leverage: 3,
  price: '2500',
  proceeds: '250000',
  margin: '83334',
  fee: '250',
  total: '83584',
  borrowFeeDaily: '7',
  borrowFeeRate: '0.0115',
}
const draft = { lots: 1, leverage: 3 }

function run(
  options: {
    validate?: () => Promise<ShortEstimate>
    open?: () => Promise<{ id: string }>
  } = {},
) {
  const sent: unknown[] = []
  let serial = 0
  const actor = createActor(
    shortMachine.provide({
      actors: {
        validate: fromPromise(async () => (options.validate ?? (async () => estimate))()),
        open: fromPromise(async ({ input }) => {
          sent.push(input)
          return (options.open ?? (async () => ({ id: '42' })))()
        }),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
  ).start()
  const toConfirmation = async () => {
    actor.send({ type: 'SUBMIT', draft })
    await waitFor(actor, (s) => s.matches('confirming'))
  }
  return { actor, sent, toConfirmation }
}

describe('short machine', () => {
  it('validates, reads back, then opens the short with the shares and leverage', async () => {
    const h = run()
    await h.toConfirmation()
    expect(h.actor.getSnapshot().context.estimate).toEqual(estimate)
    expect(h.sent).toEqual([])
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('opened'))
    expect(h.sent).toEqual([{ lots: 1, leverage: 3, num: 100, idem: 'idem-1' }])
    expect(h.actor.getSnapshot().context.positionId).toBe('42')
  })

  it('stays on the ticket with what the check refused', async () => {
    const h = run({ validate: () => Promise.reject(refusal('insufficient_balance')) })
    h.actor.send({ type: 'SUBMIT', draft })
    await waitFor(h.actor, (s) => s.matches('ticket') && s.context.error !== null)
    expect(h.actor.getSnapshot().context.error).toBe('insufficient_balance')
  })

  it('sends nothing when the confirmation is left', async () => {
    const h = run()
    await h.toConfirmation()
    h.actor.send({ type: 'CANCEL' })
    expect(h.actor.getSnapshot().value).toBe('ticket')
    expect(h.sent).toEqual([])
  })

  it('routes a refusal to where the user can act on it', async () => {
    const cases = [
      ['network_error', 'confirming'],
      ['insufficient_balance', 'ticket'],
      ['quote_stale', 'ticket'],
      ['realname_required', 'refused'],
      ['outside_trading_time', 'refused'],
      ['some upstream text', 'refused'],
    ] as const
    for (const [msg, where] of cases) {
      const h = run({ open: () => Promise.reject(refusal(msg)) })
      await h.toConfirmation()
      h.actor.send({ type: 'CONFIRM' })
      await waitFor(h.actor, (s) => s.context.error !== null)
      expect([h.actor.getSnapshot().value, h.actor.getSnapshot().context.error]).toEqual([
        where,
        msg,
      ])
    }
  })

  it('resends a retried order under the same key, a new one under a new key', async () => {
    let fail = true
    const h = run({
      open: async () => {
        if (fail) throw refusal('network_error')
        return { id: '42' }
      },
    })
    await h.toConfirmation()
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('confirming') && s.context.error !== null)
    fail = false
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('opened'))
    expect(h.sent.map((x) => (x as { idem: string }).idem)).toEqual(['idem-1', 'idem-1'])
  })

  it('goes back to the ticket from a refusal, keeping the draft', async () => {
    const h = run({ open: () => Promise.reject(refusal('realname_required')) })
    await h.toConfirmation()
    h.actor.send({ type: 'CONFIRM' })
    await waitFor(h.actor, (s) => s.matches('refused'))
    h.actor.send({ type: 'EDIT' })
    expect(h.actor.getSnapshot().value).toBe('ticket')
    expect(h.actor.getSnapshot().context).toMatchObject({ draft, error: null })
  })
})
