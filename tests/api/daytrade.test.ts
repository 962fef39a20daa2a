import { DAYTRADE_STATUS } from '@kabu/shared/api/daytrade'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import {
  applyDaytrade,
  approveDaytrade,
  approvedParticipation,
  closeDay,
  daytradeBooks,
  daytradeInfo,
  daytradeList,
  daytradeOrder,
  dayTrader,
  rejectDaytrade,
  rowCount,
  startDaytradeApp,
} from './daytrade.support'
import { ops } from './ops-client'
import { APPLE, lastUnits, pastLimit, priceNear, TOYOTA } from './trading.support'

let t: TestApp
let n = 0
const account = () => `dt${Date.now() % 100000}${n++}`
const units = (text: string) => parseUnits(text, { signed: true })!
const yen = (amount: number) => BigInt(amount) * 10_000n

beforeAll(async () => {
  t = await startDaytradeApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  await expectLedgerConsistent(t.app.db)
})

describe('/trade/daytradeApply', () => {
  it('refuses every broken rule with its key, writing nothing', async () => {
    const g = await dayTrader(t, account())
    const before = await rowCount(t, 'daytrade_participations')
    const refused = async (form: Record<string, string>, grant = g) =>
      (await applyDaytrade(t, grant, form)).msg
    expect(await refused({ money: '' })).toBe('amount_required')
    expect(await refused({ money: '0' })).toBe('amount_invalid')
    expect(await refused({ money: '-5' })).toBe('amount_invalid')
    expect(await refused({ money: '100.5' })).toBe('amount_invalid')
    expect(await refused({ money: '20000000' })).toBe('insufficient_balance')
    expect(await refused({ type: 'cny', money: '1000' })).toBe('cannot_sell_t1')
    expect(await refused({ idem: 'bad' })).toBe('invalid_input')
    const unverified = await newUser(t, account())
    expect(await refused({}, unverified)).toBe('realname_required')
    expect(await rowCount(t, 'daytrade_participations')).toBe(before)
    expect(await daytradeBooks(t, g.account)).toMatchObject({ frozen: 0n, intraday: 0n })
  })

  it('freezes the funds with the row, once per idem, one open participation per market', async () => {
    const g = await dayTrader(t, account())
    const idem = 'apply-key-0001'
    const first = await applyDaytrade(t, g, { money: '1000000', idem })
    expect(first).toMatchObject({ status: 1, msg: 'submit_ok' })
    const again = await applyDaytrade(t, g, { money: '1000000', idem })
    expect(again.data).toEqual(first.data)
    expect((await applyDaytrade(t, g, { money: '2000000', idem })).msg).toBe('idempotency_conflict')
    expect(await daytradeBooks(t, g.account)).toEqual({
      available: yen(9_000_000),
      frozen: yen(1_000_000),
      intraday: 0n,
    })
    expect((await applyDaytrade(t, g)).msg).toBe('daytrade_in_progress')
    // Another market is another participation (and another wallet).
    expect((await applyDaytrade(t, g, { type: 'usd', money: '1000.50' })).status).toBe(1)
    const [row] = await daytradeList(t, g)
    expect(row).toMatchObject({
      id: (first.data as { id: string }).id,
      status: DAYTRADE_STATUS.submitted,
      market: 'jp',
      currency: 'JPY',
      money: '1000000',
      balance: null,
      returned: null,
      closes_at: null,
    })
    expect(row!.order_no).toMatch(/^DT\d{8}-[0-9a-f]{10}$/)
    const queue = await ops(t.url, 'GET', '/reviews?kind=daytrade&status=pending')
    expect(queue.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ account: g.account, money: '1000000' })]),
    )
  })

  it('refuses an account barred from trading', async () => {
    const g = await dayTrader(t, account())
    expect((await ops(t.url, 'POST', `/users/${g.account}/bar-trading`)).status).toBe(1)
    expect((await applyDaytrade(t, g)).msg).toBe('trading_barred')
  })
})

describe('daytrade review', () => {
  it('rejects with a reason: failed, the funds back in available', async () => {
    const g = await dayTrader(t, account())
    const { id } = (await applyDaytrade(t, g)).data as { id: string }
    expect((await rejectDaytrade(t, id, 'limits reached')).status).toBe(1)
    expect((await rejectDaytrade(t, id)).msg).toBe('not_found')
    expect((await approveDaytrade(t, id)).msg).toBe('not_found')
    const [row] = await daytradeList(t, g)
    expect(row).toMatchObject({ status: DAYTRADE_STATUS.failed, reason: 'limits reached' })
    expect(await daytradeBooks(t, g.account)).toEqual({
      available: yen(10_000_000),
      frozen: 0n,
      intraday: 0n,
    })
    // Failed is not open: the user may apply again.
    expect((await applyDaytrade(t, g)).status).toBe(1)
  })

  it('approves into the intraday book, trading until the day’s cut-off (15:30 Tokyo)', async () => {
    const g = await dayTrader(t, account())
    const id = await approvedParticipation(t, g)
    expect((await approveDaytrade(t, id)).msg).toBe('not_found')
    const [row] = await daytradeList(t, g)
    expect(row).toMatchObject({ id, status: DAYTRADE_STATUS.trading, balance: '1000000' })
    const now = t.app.clock.now()
    expect(row!.closes_at! > now).toBe(true)
    expect(row!.closes_at! - now <= 24 * 3_600_000).toBe(true)
    // 15:30 in Tokyo is 06:30 UTC.
    expect(new Date(row!.closes_at!).toISOString().slice(11, 16)).toBe('06:30')
    expect(await daytradeBooks(t, g.account)).toEqual({
      available: yen(9_000_000),
      frozen: 0n,
      intraday: yen(1_000_000),
    })
  })
})

describe('/trade/daytradeOrder', () => {
  it('refuses every broken rule with its key, writing nothing', async () => {
    const g = await dayTrader(t, account())
    const { id: pending } = (await applyDaytrade(t, g, { type: 'usd', money: '1000' })).data as {
      id: string
    }
    const id = await approvedParticipation(t, g)
    const before = await rowCount(t, 'daytrade_fills')
    const refused = async (form: Record<string, string>, grant = g) =>
      (await daytradeOrder(t, grant, { id, code: TOYOTA, ...form })).msg
    const last = lastUnits(t, TOYOTA)
    expect(await refused({ id: '999999' })).toBe('not_found')
    expect(await refused({ id: pending })).toBe('daytrade_not_trading')
    expect(await refused({ code: 'NOPE' })).toBe('not_listed')
    expect(await refused({ code: APPLE })).toBe('not_listed')
    expect(await refused({ num: '150' })).toBe('lot_size')
    expect(await refused({ num: '0' })).toBe('lot_size')
    expect(await refused({ side: 'hold' })).toBe('invalid_input')
    expect(await refused({ price: 'abc' })).toBe('invalid_input')
    expect(await refused({ price: formatUnits(last + 3n) })).toBe('invalid_input')
    expect(await refused({ price: pastLimit(t, TOYOTA, 1000) })).toBe('over_price_limit')
    const below = priceNear(t, TOYOTA, 95)
    expect(await refused({ price: formatUnits(below) })).toBe('daytrade_limit_not_marketable')
    const over = (1_000_000n * 10_000n) / (last * 100n) + 1n
    expect(await refused({ num: String(over * 100n) })).toBe('daytrade_exposure_limit')
    expect(await refused({ idem: 'x' })).toBe('invalid_input')
    const stranger = await dayTrader(t, account())
    expect(await refused({}, stranger)).toBe('not_found')
    expect(await rowCount(t, 'daytrade_fills')).toBe(before)
    expect((await ops(t.url, 'POST', `/users/${g.account}/bar-trading`)).status).toBe(1)
    expect(await refused({})).toBe('trading_barred')
  })

  it('takes long and short at the live price: cash and P/L inside the intraday book', async () => {
    const g = await dayTrader(t, account())
    const id = await approvedParticipation(t, g)
    const buy = await daytradeOrder(t, g, { id, code: TOYOTA, side: 'buy', num: '200' })
    expect(buy).toMatchObject({ status: 1, msg: 'submit_ok' })
    // A marketable limit fills at the last price.
    const sellAt = formatUnits(priceNear(t, TOYOTA, 97))
    const sell = await daytradeOrder(t, g, {
      id,
      code: TOYOTA,
      side: 'sell',
      num: '300',
      price: sellAt,
    })
    expect(sell.status).toBe(1)
    const info = await daytradeInfo(t, g, id)
    expect(info.positions).toHaveLength(1)
    expect(info.positions[0]).toMatchObject({ code: TOYOTA, qty: -100 })
    expect(info.fills).toHaveLength(2)
    const [second, first] = info.fills
    expect(first).toMatchObject({ side: 'buy', num: 200, forced: false, realised: '0' })
    expect(second).toMatchObject({ side: 'sell', num: 300, forced: false })
    const realised = (units(second!.price) - units(first!.price)) * 200n
    expect(units(second!.realised)).toBe(realised)
    const fees = units(first!.fee) + units(second!.fee)
    expect(units(info.fees)).toBe(fees)
    // Cash: funds − 200 bought + 300 sold − fees; short proceeds stay in the book.
    const cash = yen(1_000_000) - units(first!.price) * 200n + units(second!.price) * 300n - fees
    expect(units(info.balance!)).toBe(cash)
    expect(await daytradeBooks(t, g.account)).toMatchObject({
      available: yen(9_000_000),
      intraday: cash,
    })
  })

  it('refuses a buy the intraday book cannot pay with its fee (never below zero)', async () => {
    const g = await dayTrader(t, account())
    const last = lastUnits(t, TOYOTA)
    // Funds exactly the cost of 100 shares: the exposure allows it, the fee does not fit.
    const money = formatUnits(((last * 100n + 9_999n) / 10_000n) * 10_000n)
    const id = await approvedParticipation(t, g, { money })
    if (lastUnits(t, TOYOTA) !== last) return // the price moved between the two reads
    const answer = await daytradeOrder(t, g, { id, code: TOYOTA })
    expect(answer.msg).toBe('insufficient_balance')
  })
})

describe('forced flat at the close', () => {
  it('closes every open position at the last price and settles the book back to available', async () => {
    const g = await dayTrader(t, account())
    const id = await approvedParticipation(t, g)
    expect((await daytradeOrder(t, g, { id, code: TOYOTA, side: 'buy', num: '100' })).status).toBe(
      1,
    )
    expect((await daytradeOrder(t, g, { id, code: '6758', side: 'sell', num: '100' })).status).toBe(
      1,
    )
    const [open] = await daytradeList(t, g)
    await closeDay(t, open!)
    const settled = await daytradeInfo(t, g, id)
    expect(settled.status).toBe(DAYTRADE_STATUS.traded)
    expect(settled.positions).toEqual([])
    const forced = settled.fills.filter((f) => f.forced)
    expect(forced.map((f) => [f.code, f.side, f.num]).sort()).toEqual([
      ['6758', 'buy', 100],
      [TOYOTA, 'sell', 100],
    ])
    // funds ± P/L − fees, exactly, back in available; nothing left in intraday.
    const returned = units(settled.returned!)
    expect(returned).toBe(yen(1_000_000) + units(settled.pnl) - units(settled.fees))
    const realised = settled.fills.reduce((sum, f) => sum + units(f.realised), 0n)
    expect(units(settled.pnl)).toBe(realised)
    expect(await daytradeBooks(t, g.account)).toEqual({
      available: yen(9_000_000) + returned,
      frozen: 0n,
      intraday: 0n,
    })
    // Orders after the close are refused; a new participation may be asked for.
    expect((await daytradeOrder(t, g, { id, code: TOYOTA })).msg).toBe('daytrade_not_trading')
    expect((await applyDaytrade(t, g)).status).toBe(1)
    // The settlement is ONE ledger transaction of kind daytrade_settle.
    const txs = await t.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'daytrade_settle')
      .execute()
    expect(txs.length).toBeGreaterThanOrEqual(1)
  })

  it('settles an approved participation that never traded: the funds come back whole', async () => {
    const g = await dayTrader(t, account())
    const id = await approvedParticipation(t, g)
    const [open] = await daytradeList(t, g)
    await closeDay(t, open!)
    const info = await daytradeInfo(t, g, id)
    expect(info).toMatchObject({ status: DAYTRADE_STATUS.traded, returned: '1000000', fills: [] })
    expect(await daytradeBooks(t, g.account)).toMatchObject({ available: yen(10_000_000) })
  })

  it('leaves a participation still waiting for review alone at the close', async () => {
    const g = await dayTrader(t, account())
    const { id } = (await applyDaytrade(t, g)).data as { id: string }
    t.app.clock.set(t.app.clock.now() + 26 * 3_600_000)
    await t.app.broker.daytrade.jobs.runOnce()
    expect((await daytradeInfo(t, g, id)).status).toBe(DAYTRADE_STATUS.submitted)
  })
})
