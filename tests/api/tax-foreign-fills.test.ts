import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatUnits } from '@kabu/shared/money/decimal'
import { marketDays, validityDays } from '@kabu/shared/market/validity'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { printShares } from '../support/prints'
import {
  APPLE,
  buy,
  priceNear,
  sell,
  startTradingApp,
  trader,
  untilFresh,
  userIdOf,
} from './trading.support'
import { yenOf } from './tax.support'

/**
 * Issue 36: a dated (GTD) buy of a US listing filled over several days converts each fill's cost
 * to yen at its own fill's rate, not the last fill's (in-yen.ts costsInYen, `order_fills`), on both
 * stores; a partial sell's part keeps its buy order (`holdings.bought_by`), so the two sales'
 * costs add up to the fills' yen.
 */
let t: TestApp
let n = 0
const account = () => `taxff${++n}x${Date.now() % 100000}`
const DAY = 86_400_000

beforeAll(async () => {
  t = await startTradingApp({ SELL_LOCK_MINUTES: '0' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

/** The gateway's mid rate, yen per dollar, at an instant: the rates it netted with. */
const yenPerUsd = (at: bigint | number) => t.app.broker.funds.fx.rateAt('USD', 'JPY', Number(at))

const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den)

const rows = (userId: bigint) =>
  t.app.db
    .selectFrom('holdings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('code', '=', APPLE)
    .orderBy('id')
    .execute()
const saleEvents = (userId: bigint) =>
  t.app.db
    .selectFrom('tax_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'sale')
    .orderBy('id')
    .execute()

describe('a dated US buy filled over several days', { timeout: 60_000 }, () => {
  it('converts each fill at its own rate, and a partial sell’s part keeps its order', async () => {
    const g = await trader(t, account())
    const userId = await userIdOf(t, g.account)
    const limit = priceNear(t, APPLE, 90)
    const days = validityDays(marketDays('us', 'always'), t.app.clock.now(), 5)
    const placed = await buy(t, g, {
      type: 'usd',
      code: APPLE,
      num: '30',
      price: formatUnits(limit),
      validity: days.at(-1) ?? 'day',
    })
    expect(placed, JSON.stringify(placed)).toMatchObject({ status: 1 })
    const id = BigInt((placed.data as { id: string }).id)
    // Ten shares a print, the second 1.3 days after the first, the third 1.3 days after that.
    const start = t.app.clock.now()
    for (const [i, after] of [0, 1.3 * DAY, 2.6 * DAY].entries()) {
      t.app.clock.set(start + Math.round(after))
      expect(await printShares(t, APPLE, limit, 10n), `fill ${i}`).toBe(1)
    }
    const fills = await t.app.db
      .selectFrom('order_fills')
      .selectAll()
      .where('order_id', '=', id)
      .orderBy('id')
      .execute()
    expect(fills.map((f) => f.num)).toEqual([10n, 10n, 10n])
    const paid = fills.map((f) => f.price * f.num + f.fee)
    const native = paid.reduce((s, c) => s + c, 0n)
    const yen = fills.reduce((s, f, i) => s + yenOf(paid[i] ?? 0n, yenPerUsd(f.at)), 0n)
    const [held] = await rows(userId)
    // The old rule, all of it at the last fill's rate, is another figure.
    expect(held?.buy_time).toBe(fills.at(-1)?.at)
    expect(yenOf(native, yenPerUsd(held?.buy_time ?? 0n))).not.toBe(yen)

    // A third sold: the part split off keeps its buy order; each row takes its share of the yen.
    await untilFresh(t, APPLE)
    expect(await sell(t, g, { id: String(id), num: '10' })).toMatchObject({ status: 1 })
    const [rest, part] = await rows(userId)
    expect(part).toMatchObject({ bought_by: id, stock_num: 10n, status: 4n })
    const rowCost = (r: typeof rest) =>
      (r?.buy_cost ?? (r?.buy_price ?? 0n) * (r?.stock_num ?? 0n)) + (r?.buy_fee ?? 0n)
    expect(rowCost(rest) + rowCost(part)).toBe(native)
    const basis = halfUp(rowCost(rest) * yen, native) + halfUp(rowCost(part) * yen, native)
    const [first] = await saleEvents(userId)
    expect(first).toMatchObject({ currency: 'USD', shares: 10n, cost: halfUp(basis * 10n, 30n) })

    // The rest sold: the two costs add up to the fills' yen (to the unit of each row's rounding).
    expect(await sell(t, g, { id: String(id), num: '20' })).toMatchObject({ status: 1 })
    const [, second] = await saleEvents(userId)
    expect((first?.cost ?? 0n) + (second?.cost ?? 0n)).toBe(basis)
    expect(basis - yen).toBeLessThanOrEqual(1n)
    expect(yen - basis).toBeLessThanOrEqual(1n)
  })
})
