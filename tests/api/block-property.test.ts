import fc from 'fast-check'
import type { Userinfo } from '@kabu/shared/api/user'
import { deriveAssets } from '@kabu/shared/assets'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import {
  approveBlock,
  blockBuy,
  blockBuyer,
  booksOf,
  closeWindow,
  myBlock,
  myBlocks,
  newOffer,
  rejectBlock,
  startBlockApp,
} from './block.support'
import { openList } from './trading.support'

/**
 * Random buyers ask random lots of random offers, some requests are rejected while the window is
 * open, the window closes, every request is decided: after every step the ledger checker passes,
 * and the allocation never hands out more than the lots offered nor more than a request asked.
 */

let t: TestApp
const buyers: SessionGrant[] = []
beforeAll(async () => {
  t = await startBlockApp()
  for (let i = 0; i < 4; i++) buyers.push(await blockBuyer(t, `bprop${i}x${Date.now() % 10000}`))
})
afterAll(() => t.stop())

const scenario = fc.record({
  lots: fc.integer({ min: 1, max: 8 }),
  maxLots: fc.integer({ min: 1, max: 8 }),
  asks: fc.array(
    fc.record({
      buyer: fc.integer({ min: 0, max: 3 }),
      lots: fc.integer({ min: 1, max: 8 }),
      rejectEarly: fc.boolean(),
      approve: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
})

async function expectFrozenAgrees(g: SessionGrant) {
  const books = await booksOf(t, g.account)
  const assets = deriveAssets({
    type: 'jpy',
    userinfo: { jpy: formatUnits(books.available) } as Userinfo,
    newStocks: [],
    withdrawals: [],
    products: [],
    credits: [],
    holdings: await openList(t, g),
    blocks: await myBlocks(t, g, 'pending'),
  })
  expect(assets.frozenCash).toBe(formatUnits(books.frozen))
}

describe('block buying and reviews, at random', () => {
  it('keeps the ledger consistent and never allocates beyond the lots offered', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ lots, maxLots, asks }) => {
        const offer = await newOffer(t, { lots, max_lots: Math.min(maxLots, lots) })
        const sent: { g: SessionGrant; id: string; lots: number; approve: boolean }[] = []
        for (const ask of asks) {
          const g = buyers[ask.buyer]!
          const answer = await blockBuy(t, g, { id: offer.id, num: String(ask.lots * 100) })
          await expectLedgerConsistent(t.app.db)
          if (answer.status !== 1) {
            expect(['block_over_user_limit']).toContain(answer.msg)
            continue
          }
          const id = (answer.data as { id: string }).id
          if (ask.rejectEarly) {
            expect((await rejectBlock(t, id)).status).toBe(1)
            await expectLedgerConsistent(t.app.db)
          } else {
            sent.push({ g, id, lots: ask.lots, approve: ask.approve })
          }
          t.app.clock.set(t.app.clock.now() + 10)
        }
        // Spec §7's frozen cash, from the lists the app reads, is the ledger's frozen book.
        for (const g of buyers) await expectFrozenAgrees(g)
        closeWindow(t, offer)
        let allocated = 0
        for (const s of sent) {
          const order = await myBlock(t, s.g, s.id)
          expect(order.allocated).not.toBeNull()
          expect(order.allocated!).toBeLessThanOrEqual(s.lots * 100)
          allocated += order.allocated!
        }
        const asked = sent.reduce((sum, s) => sum + s.lots * 100, 0)
        expect(allocated).toBe(Math.min(asked, lots * 100))
        for (const s of sent) {
          const order = await myBlock(t, s.g, s.id)
          const answer =
            s.approve && order.allocated! > 0
              ? await approveBlock(t, s.id)
              : await rejectBlock(t, s.id)
          expect(answer.status).toBe(1)
          await expectLedgerConsistent(t.app.db)
        }
        const held = await t.app.db
          .selectFrom('holdings')
          .innerJoin('block_orders', 'block_orders.holding_id', 'holdings.id')
          .select((eb) => eb.fn.sum<string | number | bigint>('holdings.stock_num').as('shares'))
          .where('block_orders.offer_id', '=', BigInt(offer.id))
          .executeTakeFirstOrThrow()
        expect(Number(held.shares ?? 0)).toBeLessThanOrEqual(lots * 100)
      }),
      { numRuns: 12 },
    )
  })
})
