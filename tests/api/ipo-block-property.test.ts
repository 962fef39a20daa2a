import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpoApplication } from '@kabu/shared/api/ipo'
import type { SessionGrant } from '@kabu/shared/api/user'
import { drawAllocations } from '@kabu/shared/market/ipo-draw'
import type { TestApp } from '../support/app'
import { expectAllocationsWithinOffers, expectLedgerConsistent } from '../support/invariants'
import { approveBlock, blockBuy, blockBuyer, newOffer, rejectBlock } from './block.support'
import { ops } from './funds.support'
import { DAY, HOUR, T0, publicDraw, records, settle, startIpoApp, subscribe } from './ipo.support'
import { OPS_TOKEN } from './ops-client'

/**
 * New shares and block trades in ONE random sequence of commands on one gateway: several users
 * subscribe, offers are drawn (by the operator or the clock's job), winners pay or waive (or let
 * the deadline waive them), operators withdraw offers, users buy blocks, reviews approve or
 * reject. After every step the ledger checker passes, no draw and no block allocation hands out
 * more than the lots offered, and every drawn offer's allocations recomputed from its public
 * record equal the stored ones. A refusal is fine when the rules say so (the command was not
 * possible at that moment); anything else fails.
 */

let t: TestApp
const users: SessionGrant[] = []
const USERS = 4

beforeAll(async () => {
  t = await startIpoApp({ OPS_TOKEN })
  for (let i = 0; i < USERS; i++) users.push(await blockBuyer(t, `ixb${i}x${Date.now() % 10000}`))
})
afterAll(() => t.stop())

const user = fc.integer({ min: 0, max: USERS - 1 })
const pick = fc.nat({ max: 99 })
const command = fc.oneof(
  fc.record({ c: fc.constant('ipo' as const), lots: fc.integer({ min: 1, max: 6 }) }),
  fc.record({
    c: fc.constant('subscribe' as const),
    user,
    offer: pick,
    lots: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ c: fc.constant('draw' as const), offer: pick }),
  fc.record({ c: fc.constantFrom('pay' as const, 'waive' as const), user, offer: pick }),
  fc.record({ c: fc.constant('cancel' as const), offer: pick }),
  fc.record({
    c: fc.constant('block' as const),
    lots: fc.integer({ min: 1, max: 6 }),
    max: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({
    c: fc.constant('blockBuy' as const),
    user,
    block: pick,
    lots: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ c: fc.constant('review' as const), order: pick, approve: fc.boolean() }),
  fc.record({ c: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 30 }) }),
)
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never

/** The refusals each command may meet when the moment is wrong; any other answer fails. */
const ALLOWED: Record<Command['c'], string[]> = {
  ipo: [],
  subscribe: ['subscribed_already', 'not_subscription_time', 'ipo_withdrawn'],
  draw: ['ipo_draw_not_due', 'ipo_drawn_already', 'ipo_withdrawn'],
  pay: ['ipo_not_payable'],
  waive: ['ipo_not_payable'],
  cancel: ['ipo_withdrawn', 'ipo_listed_already'],
  block: [],
  blockBuy: ['block_over_user_limit', 'block_trade_closed'],
  review: ['block_allocation_pending', 'block_not_allocated', 'not_found'],
  advance: [],
}

let codes = 0
const ipoBody = (lots: number) => {
  const now = t.app.clock.now()
  return {
    code: `XB${codes++}`,
    type: 'jpy',
    name: { ja: '混合', zh: '混合', en: 'Mixed' },
    price: '1000',
    lot: 100,
    per_user_limit: 300,
    lots_offered: lots,
    subscribe_start: now - HOUR,
    subscribe_end: now + DAY,
    lottery_at: now + 2 * DAY,
    pay_deadline: now + 3 * DAY,
    listing_at: now + 5 * DAY,
    underwriter: 'Mixed Securities',
    summary: { ja: '概要', zh: '概要', en: 'Summary' },
  }
}

/** Every invariant the issue names, read from the store and the public draw records. */
async function expectInvariants(ipoOffers: string[], blockOffers: string[]) {
  await expectLedgerConsistent(t.app.db)
  await expectAllocationsWithinOffers(t.app.db, ipoOffers, blockOffers)
}

/** A drawn offer's allocations, recomputed from its public record, equal the stored ones. */
async function expectDrawVerifiable(id: string) {
  const draw = await publicDraw(t, id)
  if (draw.seed === null) return
  const byRef = (a: { ref: string }, b: { ref: string }) => (a.ref < b.ref ? -1 : 1)
  const recomputed = drawAllocations(draw.seed, draw.entries, draw.lots_offered).sort(byRef)
  expect(recomputed).toEqual([...draw.allocations].sort(byRef))
}

async function application(g: SessionGrant, offerId: string) {
  return (await records(t, g)).find((r: IpoApplication) => r.offer_id === offerId)
}

describe('new shares and block trades, mixed at random', () => {
  it('keeps the books, the lots and the draws honest after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 8, maxLength: 24 }), async (commands) => {
        t.app.clock.set(Math.max(t.app.clock.now(), T0))
        const ipoOffers: string[] = []
        const blockOffers: string[] = []
        const orders: string[] = []
        const at = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined)
        for (const cmd of commands) {
          let answer: { status?: number; msg?: string; data?: unknown } = { status: 1 }
          if (cmd.c === 'ipo') {
            answer = await ops(t, 'POST', '/ipo', ipoBody(cmd.lots))
            if (answer.status === 1) ipoOffers.push((answer.data as { id: string }).id)
          } else if (cmd.c === 'subscribe') {
            const id = at(ipoOffers, cmd.offer)
            if (id === undefined) continue
            answer = await subscribe(t, users[cmd.user]!, { id, num: String(cmd.lots * 100) })
          } else if (cmd.c === 'draw') {
            const id = at(ipoOffers, cmd.offer)
            if (id === undefined) continue
            answer = await ops(t, 'POST', `/ipo/${id}/draw`)
            if (answer.status === 1) await expectDrawVerifiable(id)
          } else if (cmd.c === 'pay' || cmd.c === 'waive') {
            const id = at(ipoOffers, cmd.offer)
            const g = users[cmd.user]!
            const app = id === undefined ? undefined : await application(g, id)
            if (!app) continue
            const what = cmd.c === 'pay' ? 'newstockPay' : 'newstockWaive'
            answer = await settle(t, g, what, { id: app.id })
          } else if (cmd.c === 'cancel') {
            const id = at(ipoOffers, cmd.offer)
            if (id === undefined) continue
            answer = await ops(t, 'POST', `/ipo/${id}/cancel`, { reason: 'withdrawn at random' })
          } else if (cmd.c === 'block') {
            const offer = await newOffer(t, {
              lots: cmd.lots,
              max_lots: Math.min(cmd.max, cmd.lots),
            })
            blockOffers.push(offer.id)
          } else if (cmd.c === 'blockBuy') {
            const id = at(blockOffers, cmd.block)
            if (id === undefined) continue
            answer = await blockBuy(t, users[cmd.user]!, { id, num: String(cmd.lots * 100) })
            if (answer.status === 1) orders.push((answer.data as { id: string }).id)
          } else if (cmd.c === 'review') {
            const id = at(orders, cmd.order)
            if (id === undefined) continue
            answer = cmd.approve ? await approveBlock(t, id) : await rejectBlock(t, id)
          } else if (cmd.c === 'advance') {
            t.app.clock.set(t.app.clock.now() + cmd.hours * HOUR)
            // The clock's jobs: draws at the lottery time, waivers after the deadline, listings.
            await t.app.broker.ipo.jobs.runOnce()
          }
          if (answer.status !== 1) expect(ALLOWED[cmd.c], JSON.stringify(cmd)).toContain(answer.msg)
          await expectInvariants(ipoOffers, blockOffers)
        }
        for (const id of ipoOffers) await expectDrawVerifiable(id)
      }),
      { numRuns: 6 },
    )
  })
})
