import type { ExchangeRate } from '@kabu/shared/api/funds'
import type { Wallet } from '@kabu/shared/api/ledger'
import { describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { exchangeMachine, type ExchangeEvent } from './exchange.machine'

const rates: ExchangeRate[] = [{ from: 'JPY', to: 'USD', rate: '0.0066', spread: '0.002' }]

function run(submit: () => Promise<{ id: string; got: string }>) {
  const sent: unknown[] = []
  let feed: ((e: ExchangeEvent) => void) | undefined
  const actor = createActor(
    exchangeMachine.provide({
      actors: {
        load: fromPromise(async () => ({ rates, wallets: [] as Wallet[] })),
        submit: fromPromise(async ({ input }) => {
          sent.push(input)
          return submit()
        }),
        ratesFeed: fromCallback(({ sendBack }) => {
          feed = sendBack
          return () => {}
        }),
      },
      actions: { newIdem: assign({ idem: () => 'idem-1' }) },
    }),
  ).start()
  return { actor, sent, feed: (e: ExchangeEvent) => feed?.(e) }
}

describe('exchange machine', () => {
  it('loads, keeps the rates live, confirms and shows the result', async () => {
    const { actor, sent, feed } = run(async () => ({ id: '4', got: '65.86' }))
    await waitFor(actor, (s) => s.matches('editing'))
    feed({ type: 'RATES', rates: [{ ...rates[0]!, rate: '0.0067' }] })
    expect(actor.getSnapshot().context.rates[0]?.rate).toBe('0.0067')
    actor.send({ type: 'SUBMIT', draft: { from: 'JPY', to: 'USD', money: '10000' } })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('done'))
    expect(sent).toEqual([{ from: 'JPY', to: 'USD', money: '10000', idem: 'idem-1' }])
    expect(actor.getSnapshot().context.result).toEqual({ id: '4', got: '65.86' })
  })

  it('never sends a same-currency exchange', async () => {
    const { actor } = run(async () => ({ id: '1', got: '1' }))
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', draft: { from: 'JPY', to: 'JPY', money: '1' } })
    expect(actor.getSnapshot().value).toBe('editing')
  })

  it('returns to the confirmation with the refusal', async () => {
    const { actor } = run(() => Promise.reject({ msg: 'insufficient_balance' }))
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', draft: { from: 'JPY', to: 'USD', money: '10000' } })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot()).toMatchObject({
      value: 'confirming',
      context: { error: 'insufficient_balance' },
    })
  })
})
