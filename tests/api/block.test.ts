import { parseUnits, formatUnits } from '@kabu/shared/money/decimal'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { isOnTick } from '@kabu/shared/market/ticks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, vue } from '../support/vue'
import {
  HOUR,
  approveBlock,
  blockBuy,
  blockBuyer,
  blockList,
  blockOrderRows,
  booksOf,
  closeWindow,
  myBlock,
  myBlocks,
  newOffer,
  postOffer,
  rejectBlock,
  startBlockApp,
} from './block.support'
import { ops } from './ops-client'
import { credit, openList, sell, TOYOTA } from './trading.support'

let t: TestApp
let n = 0
const account = () => `bk${Date.now() % 100000}${n++}`
const units = (text: string) => parseUnits(text)!

beforeAll(async () => {
  t = await startBlockApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  await expectLedgerConsistent(t.app.db)
})

describe('block offers', () => {
  it('lists the simulator’s offers, labelled simulated, and the back office’s', async () => {
    const g = await blockBuyer(t, account())
    const offer = await newOffer(t, { discount: 4 })
    const list = await blockList(t, g)
    const simulated = list.filter((o) => o.simulated)
    expect(simulated.length).toBeGreaterThan(0)
    for (const o of simulated) {
      expect(o.market).toBe('jp')
      expect(units(o.price)).toBeLessThan(units(o.prev_close))
      expect(o.available % o.lot).toBe(0)
      expect(o.max_buy).toBeLessThanOrEqual(o.available)
    }
    const mine = list.find((o) => o.id === offer.id)
    expect(mine).toMatchObject({
      code: TOYOTA,
      simulated: false,
      open: true,
      phase: 'open',
      lot: 100,
      available: 1000,
      min_buy: 100,
      max_buy: 500,
      requested: 0,
    })
    // 4 % off the previous close, rounded down onto the tick grid.
    const prev = Number(mine!.prev_close)
    expect(Number(mine!.price)).toBeLessThanOrEqual(prev * 0.96)
    expect(isOnTick(listingByCode(TOYOTA)!, Number(mine!.price))).toBe(true)
    // The same seed and clock give the same simulated offers.
    expect((await blockList(t, g)).filter((o) => o.simulated)).toEqual(simulated)
    // Other markets have their own.
    expect((await blockList(t, g, 'usd')).every((o) => o.market === 'us')).toBe(true)
  })

  it('refuses an operator’s offer that breaks a rule, and anyone without the token', async () => {
    expect((await postOffer(t, { code: 'NOPE' })).msg).toBe('not_listed')
    expect((await postOffer(t, { code: 'N225' })).msg).toBe('not_listed')
    expect((await postOffer(t, { max_lots: 11 })).msg).toBe('invalid_input')
    expect((await postOffer(t, { min_lots: 3, max_lots: 2 })).msg).toBe('invalid_input')
    expect((await postOffer(t, { closes_at: t.app.clock.now() - 1 })).msg).toBe('invalid_input')
    expect((await postOffer(t, { price: '1234.37' })).msg).toBe('invalid_input')
    expect((await postOffer(t, { lots: 'ten' })).http).toBe(400)
    const anonymous = await ops(t.url, 'POST', '/block', { code: TOYOTA }, null)
    expect(anonymous.http).toBe(401)
  })
})

describe('/trade/blockbuy', () => {
  it('refuses every broken rule with its key, writing nothing', async () => {
    const g = await blockBuyer(t, account())
    const offer = await newOffer(t, { min_lots: 2, max_lots: 4 })
    const upcoming = await newOffer(t, {
      opens_at: t.app.clock.now() + HOUR,
      closes_at: t.app.clock.now() + 2 * HOUR,
    })
    const before = await blockOrderRows(t)
    const refused = async (form: Record<string, string>, grant = g) =>
      (await blockBuy(t, grant, { id: offer.id, num: '200', ...form })).msg
    expect(await refused({ id: '999999' })).toBe('not_found')
    expect(await refused({ id: 'x' })).toBe('not_found')
    expect(await refused({ id: upcoming.id })).toBe('block_trade_closed')
    expect(await refused({ num: '250' })).toBe('lot_size')
    expect(await refused({ num: '0' })).toBe('lot_size')
    expect(await refused({ num: '100' })).toBe('below_minimum_buy')
    expect(await refused({ num: '500' })).toBe('block_over_user_limit')
    expect(await refused({ fund_password: '000000' })).toBe('wrong_fund_password')
    expect(await refused({ idem: 'bad' })).toBe('invalid_input')
    const unverified = await newUser(t, account())
    expect(await refused({}, unverified)).toBe('realname_required')
    const poor = await blockBuyer(t, account(), '1000')
    expect(await refused({}, poor)).toBe('insufficient_balance')
    expect(await blockOrderRows(t)).toBe(before)
    expect(await booksOf(t, g.account)).toMatchObject({ frozen: 0n })
  })

  it('refuses a user barred from trading', async () => {
    const g = await blockBuyer(t, account())
    const offer = await newOffer(t)
    expect((await ops(t.url, 'POST', `/users/${g.account}/bar-trading`)).status).toBe(1)
    const relogged = await vue(t.url, '/user/login', {
      account: g.account,
      password: `pass-${g.account}`,
    })
    const grant = relogged.data as typeof g
    expect((await blockBuy(t, grant, { id: offer.id })).msg).toBe('trading_barred')
  })

  it('freezes price × shares once per idem, and counts every request against the maximum', async () => {
    const g = await blockBuyer(t, account())
    const offer = await newOffer(t, { max_lots: 3 })
    const start = await booksOf(t, g.account)
    const form = { id: offer.id, num: '200', idem: `idem-${account()}` }
    const first = await blockBuy(t, g, form)
    expect(first).toMatchObject({ status: 1, msg: 'submit_ok' })
    const again = await blockBuy(t, g, form)
    expect([again.status, again.data]).toEqual([1, first.data])
    expect((await blockBuy(t, g, { ...form, num: '100' })).msg).toBe('idempotency_conflict')
    const cost = units(offer.price) * 200n
    expect(await booksOf(t, g.account)).toMatchObject({
      available: start.available - cost,
      frozen: cost,
    })
    // 2 lots asked, 3 at most: one more lot goes, a second does not.
    expect((await blockBuy(t, g, { id: offer.id, num: '200' })).msg).toBe('block_over_user_limit')
    expect((await blockBuy(t, g, { id: offer.id, num: '100' })).status).toBe(1)
    const pending = await myBlocks(t, g, 'pending')
    expect(pending.map((o) => o.num)).toEqual([100, 200])
    expect(pending[1]).toMatchObject({
      offer_id: offer.id,
      code: TOYOTA,
      status: 0,
      price: offer.price,
      money: formatUnits(cost),
      allocated: null,
      holding_id: null,
    })
    expect((await blockList(t, g)).find((o) => o.id === offer.id)?.requested).toBe(300)
  })

  it('holds the per-user maximum when one user’s requests race', async () => {
    const g = await blockBuyer(t, account())
    const offer = await newOffer(t, { max_lots: 3 })
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => blockBuy(t, g, { id: offer.id, num: '200' })),
    )
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1)
    expect(answers.filter((a) => a.msg === 'block_over_user_limit')).toHaveLength(3)
    expect((await booksOf(t, g.account)).frozen).toBe(units(offer.price) * 200n)
  })

  it('is closed once the window has closed', async () => {
    const g = await blockBuyer(t, account())
    const offer = await newOffer(t)
    closeWindow(t, offer)
    expect((await blockBuy(t, g, { id: offer.id })).msg).toBe('block_trade_closed')
    expect((await blockList(t, g)).some((o) => o.id === offer.id)).toBe(false)
  })
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
    expect(decided[0]).toMatchObject({ id: b.id, status: 2, reason: 'too late', allocated: null })
    expect((await booksOf(t, g.account)).frozen).toBe(units(offer.price) * 100n)
    closeWindow(t, offer)
    expect((await approveBlock(t, a.id)).status).toBe(1)
    expect((await approveBlock(t, a.id)).http).toBe(404)
    expect((await rejectBlock(t, a.id)).http).toBe(404)
    expect(await booksOf(t, g.account)).toMatchObject({
      available: start.available - units(offer.price) * 100n,
      frozen: 0n,
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
    const inbox = await vue(t.url, '/user/messages', {}, session(g))
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
