import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { holdingRows } from '@kabu/shared/api/trade'
import type { ConfigEntry } from '@kabu/shared/api/common'
import { LISTINGS } from '@kabu/shared/market/listings/index'
import { formatUnits } from '@kabu/shared/money/decimal'
import { WATCHLIST_MAX } from '../../gateway/src/broker/trading/watchlist'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import {
  buy,
  openList,
  restingLimit,
  startTradingApp,
  TOYOTA,
  trader,
  userIdOf,
} from './trading.support'

/** The holdings list's summary keys, the watchlist and the trading settings in /common/config. */
let t: TestApp
let n = 0
const account = () => `trl${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

describe('lists, watchlist and config', () => {
  it('sums ccsz and fdyk over holdings at the live price', async () => {
    const g = await trader(t, account())
    await buy(t, g, {})
    await buy(t, g, { num: '200' })
    await buy(t, g, { price: formatUnits(restingLimit(t)) })
    const list = await openList(t, g)
    const rows = holdingRows(list).filter((r) => r.status === 0)
    expect(rows).toHaveLength(2)
    const units = (s: string) => BigInt(Math.round(Number(s) * 10_000))
    const value = rows.reduce((s, r) => s + units(r.market_value), 0n)
    const pnl = rows.reduce((s, r) => s + units(r.yingkui), 0n)
    expect(list.ccsz).toBe(formatUnits(value))
    expect(list.fdyk).toBe(formatUnits(pnl))
    for (const r of rows) {
      expect(units(r.market_value)).toBe(units(r.nowprice) * BigInt(r.stock_num))
      expect(units(r.yingkui)).toBe(units(r.market_value) - units(r.margin))
    }
  })

  it('keeps a watchlist per user and market', async () => {
    const g = await trader(t, account())
    const call = (path: string, form: Record<string, string>) =>
      brokerApi(t.url, path, { type: 'jpy', ...form }, session(g))
    expect((await call('/trade/selfadd', { code: TOYOTA })).msg).toBe('add_ok')
    expect((await call('/trade/selfadd', { code: TOYOTA })).status).toBe(1)
    expect((await call('/trade/selfadd', { code: 'AAPL' })).msg).toBe('not_listed')
    const list = await brokerData<Array<{ code: string }>>(
      t.url,
      '/trade/selflist',
      { type: 'jpy' },
      session(g),
    )
    expect(list.map((e) => e.code)).toEqual([TOYOTA])
    const other = await trader(t, account())
    expect(await brokerData(t.url, '/trade/selflist', { type: 'jpy' }, session(other))).toEqual([])
    expect((await call('/trade/selfdel', { code: TOYOTA })).msg).toBe('delete_ok')
    expect(await brokerData(t.url, '/trade/selflist', { type: 'jpy' }, session(g))).toEqual([])
  })

  it('keeps the watchlist to its maximum when codes are added at once', async () => {
    const name = account()
    const g = await trader(t, name)
    const userId = await userIdOf(t, name)
    // Room for one more: the rest are rows of codes no market lists (the cap counts rows).
    await t.app.db
      .insertInto('watchlist')
      .values(
        Array.from({ length: WATCHLIST_MAX - 1 }, (_, i) => ({
          user_id: userId,
          code: `Z${i}`,
          market: 'jp',
          created_at: 0,
          position: BigInt(i),
        })),
      )
      .execute()
    const codes = LISTINGS.filter((l) => l.kind === 'stock' && l.market === 'jp')
      .slice(0, 5)
      .map((l) => l.code)
    const answers = await Promise.all(
      codes.map((code) => brokerApi(t.url, '/trade/selfadd', { type: 'jpy', code }, session(g))),
    )
    expect(answers.map((a) => a.msg).sort()).toEqual([
      'add_ok',
      'insufficient_quota',
      'insufficient_quota',
      'insufficient_quota',
      'insufficient_quota',
    ])
  })

  it('publishes the fee rates, the sell lock and the longest validity in /common/config', async () => {
    const entries = await brokerData<ConfigEntry[]>(t.url, '/common/config')
    const value = (name: string) => entries.find((e) => e.name === name)?.value
    expect(value('buy_fee_rate')).toBe('0.001')
    expect(value('sell_fee_rate')).toBe('0.001')
    expect(value('cn_stamp_duty_rate')).toBe('0.0005')
    expect(value('sell_lock_minutes')).toBe('15')
    expect(value('trade_fund_password')).toBe('0')
    expect(value('order_gtd_days')).toBe('15')
  })
})
