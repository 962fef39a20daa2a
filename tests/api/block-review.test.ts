import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi } from '../support/broker'
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
import { ops } from './ops-client'
import { credit, openList, sell, TOYOTA } from './trading.support'

/**
 * The block-trade review queue against a real gateway: approvals wait for the window's allocation
 * (pro rata when oversubscribed), rejections return the money, and REVIEW_POLICY=auto decides
 * by the published rules.
 */

let t: TestApp
let n = 0
const account = () => `br${Date.now() % 100000}${n++}`
const units = (text: string) => parseUnits(text)!

beforeAll(async () => {
  t = await startBlockApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  await expectLedgerConsistent(t.app.db)
})

describe('the block review queue', () => {
  it('waits for the window’s allocation to approve; a reject returns the money at any time', async () => {
    const g = await blockBuyer(t, account())
    const offer = await newOffer(t)
    const start = await booksOf(t, g.account)
    const a = (await blockBuy(t, g, { id: offer.id })).data as { id: string }
    const b = (await blockBuy(t, g, { id: offer.id })).data as { id: string }
    const early = await approveBlock(t, a.id)
    expect([early.http, early.msg]).toEqual([409, 'block_allocation_pending'])
    expect((await rejectBlock(t, b.id, 'too late')).status).toBe(1)
    expect((await rejectBlock(t, b.id)).http).toBe(404)
    const decided = await myBlocks(t, g, 'decided')
    expect(decided[0]).toMatchObject({
      id: b.id,
      status: 2,
      reason: 'too late',
      allocated: null,
      paid: null,
    })
    expect(await myBlock(t, g, a.id)).toMatchObject({ status: 0, paid: null })
    expect((await booksOf(t, g.account)).frozen).toBe(units(offer.price) * 100n)
    closeWindow(t, offer)
    expect((await approveBlock(t, a.id)).status).toBe(1)
    expect((await approveBlock(t, a.id)).http).toBe(404)
    expect((await rejectBlock(t, a.id)).http).toBe(404)
    expect(await booksOf(t, g.account)).toMatchObject({
      available: start.available - units(offer.price) * 100n,
      frozen: 0n,
    })
    // Issue 34 item 9: a filled request says what it paid (its screens read it, not "held").
    expect(await myBlock(t, g, a.id)).toMatchObject({
      status: 1,
      allocated: 100,
      paid: formatUnits(units(offer.price) * 100n),
    })
  })

  it('approves into a holding at the block price, under the sell lock', async () => {
    const g = await blockBuyer(t, account())
    const offer = await newOffer(t)
    const { id } = (await blockBuy(t, g, { id: offer.id, num: '300' })).data as { id: string }
    closeWindow(t, offer)
    expect((await approveBlock(t, id)).status).toBe(1)
    const order = await myBlock(t, g, id)
    expect(order).toMatchObject({ status: 1, allocated: 300, num: 300 })
    const holdings = await openList(t, g)
    const held = holdings[order.holding_id!] as {
      code: string
      stock_num: number
      buy_price: string
    }
    expect(held).toMatchObject({ code: TOYOTA, stock_num: 300, buy_price: offer.price })
    const sold = await sell(t, g, { id: order.holding_id!, num: '100' })
    expect(sold.msg).toBe('sell_after_15_minutes')
    // The user is told through the review framework's message.
    const inbox = await brokerApi(t.url, '/user/messages', {}, session(g))
    expect(JSON.stringify(inbox.data)).toContain(id)
  })

  it('allocates an oversubscribed offer pro rata, the rest by time, never beyond the lots', async () => {
    const offer = await newOffer(t, { lots: 10, max_lots: 6 })
    const asks = [6, 5, 3]
    const buyers = []
    for (const lots of asks) {
      const g = await blockBuyer(t, account())
      const answer = await blockBuy(t, g, { id: offer.id, num: String(lots * 100) })
      buyers.push({ g, id: (answer.data as { id: string }).id, start: await booksOf(t, g.account) })
      t.app.clock.set(t.app.clock.now() + 1_000)
    }
    closeWindow(t, offer)
    // 6·10/14 = 4.3, 5·10/14 = 3.6, 3·10/14 = 2.1 → 4, 3, 2; the one lot left goes to the first.
    const allocated = []
    for (const b of buyers) allocated.push((await myBlock(t, b.g, b.id)).allocated)
    expect(allocated).toEqual([500, 300, 200])
    for (const [i, b] of buyers.entries()) {
      expect((await approveBlock(t, b.id)).status).toBe(1)
      const books = await booksOf(t, b.g.account)
      const price = units(offer.price)
      // Cash for the shares not allocated is back.
      expect(books.frozen).toBe(0n)
      expect(books.available).toBe(
        b.start.available + price * BigInt(asks[i]! * 100 - allocated[i]!),
      )
    }
    const held = await t.app.db
      .selectFrom('holdings')
      .select((eb) => eb.fn.sum<string | number | bigint>('stock_num').as('shares'))
      .where(
        'order_no',
        'in',
        (await Promise.all(buyers.map((b) => myBlock(t, b.g, b.id)))).map((o) => o.order_no),
      )
      .executeTakeFirstOrThrow()
    expect(Number(held.shares)).toBe(1000)
  })

  it('cannot approve a request the allocation left without lots; rejecting it releases the money', async () => {
    const offer = await newOffer(t, { lots: 1, max_lots: 1 })
    const first = await blockBuyer(t, account())
    const second = await blockBuyer(t, account())
    const a = ((await blockBuy(t, first, { id: offer.id })).data as { id: string }).id
    t.app.clock.set(t.app.clock.now() + 1_000)
    const b = ((await blockBuy(t, second, { id: offer.id })).data as { id: string }).id
    closeWindow(t, offer)
    const queue = await ops(t.url, 'GET', '/reviews?kind=block&status=pending')
    const rows = queue.data as { id: string; allocated: number; offered: number }[]
    expect(rows.find((r) => r.id === a)).toMatchObject({ allocated: 100, offered: 100 })
    expect(rows.find((r) => r.id === b)).toMatchObject({ allocated: 0 })
    const refused = await approveBlock(t, b)
    expect([refused.http, refused.msg]).toEqual([409, 'block_not_allocated'])
    expect((await rejectBlock(t, b, 'block_not_allocated')).status).toBe(1)
    expect((await booksOf(t, second.account)).frozen).toBe(0n)
    expect((await approveBlock(t, a)).status).toBe(1)
  })
})

describe('REVIEW_POLICY=auto', () => {
  it('decides by the published rules once the window has closed', async () => {
    const auto = await startBlockApp({ REVIEW_POLICY: 'auto', AUTO_REVIEW_DELAY_MS: '100' })
    try {
      const offer = await newOffer(auto, { lots: 1, max_lots: 1 })
      const first = await blockBuyer(auto, account())
      const second = await blockBuyer(auto, account())
      await credit(auto, first.account, 'JPY', '1')
      const a = ((await blockBuy(auto, first, { id: offer.id })).data as { id: string }).id
      auto.app.clock.set(auto.app.clock.now() + 1_000)
      const b = ((await blockBuy(auto, second, { id: offer.id })).data as { id: string }).id
      // While the window is open nothing is decided.
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect((await myBlock(auto, first, a)).status).toBe(0)
      closeWindow(auto, offer)
      await expect
        .poll(
          async () => [
            (await myBlock(auto, first, a)).status,
            (await myBlock(auto, second, b)).status,
          ],
          {
            timeout: 10_000,
          },
        )
        .toEqual([1, 2])
      expect((await myBlock(auto, second, b)).reason).toBe('block_not_allocated')
      await expectLedgerConsistent(auto.app.db)
    } finally {
      await auto.stop()
    }
  })
})
