import type { BlockOffer } from '@kabu/shared/api/block'
import { Subject } from 'rxjs'
import type { UserEvent } from '@kabu/shared/realtime'
import { describe, expect, it } from 'vitest'
import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { BrokerRefusal } from '../../api/broker'
import type { ReviewVerdict } from '../../state/review/review-states'
import { blockNumError, costOf } from './block-form'
import { blockMachine } from './block.machine'
import { blockVerdict$ } from './block-watch'

const offer = (over: Partial<BlockOffer> = {}): BlockOffer => ({
  id: '5',
  code: '7203',
  name: { ja: 'トヨタ自動車', zh: '丰田汽车', en: 'Toyota Motor' },
  market: 'jp',
  currency: 'JPY',
  price: '2910.5',
  prev_close: '3000',
  discount: '2.98',
  lot: 100,
  available: 1000,
  requested: 0,
  min_buy: 100,
  max_buy: 500,
  opens_at: 0,
  closes_at: 1,
  open: true,
  phase: 'open',
  simulated: false,
  ...over,
})

function run(options: { submit?: () => Promise<{ id: string }> } = {}) {
  let serial = 0
  const sent: unknown[] = []
  let verdict: ((v: ReviewVerdict) => void) | undefined
  const actor = createActor(
    blockMachine.provide({
      actors: {
        load: fromPromise(async () => ({ offer: offer(), available: '1000000' })),
        submit: fromPromise(async ({ input }) => {
          sent.push(input)
          return (options.submit ?? (async () => ({ id: '42' })))()
        }),
        watchReview: fromCallback<ReviewVerdict, { id: string }>(({ sendBack }) => {
          verdict = sendBack
          return () => {}
        }),
      },
      actions: { newIdem: assign({ idem: () => `idem-${++serial}` }) },
    }),
  ).start()
  return { actor, sent, decide: (v: ReviewVerdict) => verdict?.(v) }
}

describe('the block form rules', () => {
  it('asks whole lots between the minimum and the maximum, within the funds, while open', () => {
    expect(blockNumError('200', offer(), '1000000')).toBeNull()
    expect(blockNumError('150', offer(), null)).toBe('lot_size')
    expect(blockNumError('', offer(), null)).toBe('lot_size')
    expect(blockNumError('100', offer({ min_buy: 200 }), null)).toBe('below_minimum_buy')
    expect(blockNumError('600', offer(), null)).toBe('block_over_user_limit')
    expect(blockNumError('400', offer(), '1000000')).toBe('insufficient_balance')
    expect(blockNumError('100', offer({ open: false }), null)).toBe('block_trade_closed')
    expect(costOf(offer(), 300)).toBe('873150')
  })
})

describe('the block machine', () => {
  it('loads, takes a draft, confirms the amount, sends once, then waits for review', async () => {
    const { actor, sent, decide } = run()
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', num: '150', fundPassword: '135790' })
    expect(actor.getSnapshot().value).toBe('editing')
    actor.send({ type: 'SUBMIT', num: '200', fundPassword: '' })
    expect(actor.getSnapshot().value).toBe('editing')
    actor.send({ type: 'SUBMIT', num: '200', fundPassword: '135790' })
    expect(actor.getSnapshot().value).toBe('confirming')
    actor.send({ type: 'CANCEL' })
    actor.send({ type: 'SUBMIT', num: '200', fundPassword: '135790' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    expect(sent).toEqual([{ id: '5', num: 200, fundPassword: '135790', idem: 'idem-2' }])
    expect(actor.getSnapshot().context).toMatchObject({ orderId: '42', fundPassword: null })
    decide({ type: 'REVIEWED', status: 'approved' })
    expect(actor.getSnapshot().value).toBe('approved')
    actor.send({ type: 'NEW' })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.orderId).toBeNull()
  })

  it('comes back to the confirmation with a refusal, and resends with the same key', async () => {
    let calls = 0
    const { actor, sent, decide } = run({
      submit: async () => {
        if (calls++ === 0) throw new BrokerRefusal('wrong_fund_password', 200)
        return { id: '43' }
      },
    })
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', num: '100', fundPassword: '000000' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('wrong_fund_password')
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('pendingReview'))
    expect(sent.map((s) => (s as { idem: string }).idem)).toEqual(['idem-1', 'idem-1'])
    decide({ type: 'REVIEWED', status: 'rejected', reason: 'block_not_allocated' })
    expect(actor.getSnapshot().value).toBe('rejected')
    expect(actor.getSnapshot().context.reason).toBe('block_not_allocated')
  })
})

describe('blockVerdict$', () => {
  it('takes the socket’s decision on this request only, once', () => {
    const events = new Subject<UserEvent>()
    const got: ReviewVerdict[] = []
    blockVerdict$('9', events, async () => undefined, 60_000).subscribe((v) => got.push(v))
    events.next({ type: 'review:decided', kind: 'loan', id: '9', status: 'approved' })
    events.next({ type: 'review:decided', kind: 'block', id: '8', status: 'approved' })
    events.next({ type: 'review:decided', kind: 'block', id: '9', status: 'rejected', reason: 'r' })
    events.next({ type: 'review:decided', kind: 'block', id: '9', status: 'approved' })
    expect(got).toEqual([{ type: 'REVIEWED', status: 'rejected', reason: 'r' }])
  })
})
