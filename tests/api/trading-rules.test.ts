import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WireClosedHolding } from '@kabu/shared/api/trade'
import { isOpen } from '@kabu/shared/market/sessions'
import { formatUnits } from '@kabu/shared/money/decimal'
import { localDate } from '@kabu/shared/market/time-zone'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD, setFundPassword } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import {
  advance,
  buy,
  endedList,
  MINUTE,
  MOUTAI,
  sell,
  startTradingApp,
  TOYOTA,
  trader,
} from './trading.support'

const HOUR = 60 * MINUTE

describe('China is T+1 (always-open sessions)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTradingApp()
  })
  afterAll(() => t.stop())
  afterEach(() => expectLedgerConsistent(t.app.db))

  it('refuses to sell on the buy day, sells the next exchange day', async () => {
    // Keep the buy and the first sell on one Shanghai date.
    const now = t.app.clock.now()
    if (localDate('cn', now) !== localDate('cn', now + HOUR)) await advance(t, 2 * HOUR)
    const g = await trader(t, 'cnt1user')
    const bought = await buy(t, g, { type: 'cny', code: MOUTAI })
    expect(bought.status).toBe(1)
    const { id } = bought.data as { id: string }
    await advance(t, 16 * MINUTE)
    expect((await sell(t, g, { id })).msg).toBe('cannot_sell_t1')
    await advance(t, 24 * HOUR)
    expect(await sell(t, g, { id })).toMatchObject({ status: 1 })
    // China sells pay the sell fee and stamp duty, each rounded down to the fen.
    const row = (await endedList(t, g, 'cny'))[id] as WireClosedHolding
    const proceeds = BigInt(Math.round(Number(row.sell_price) * 10_000)) * 100n
    const toFen = (units: bigint) => (units / 100n) * 100n
    expect(row.sell_fee).toBe(formatUnits(toFen(proceeds / 1000n)))
    expect(row.stamp_duty).toBe(formatUnits(toFen(proceeds / 2000n)))
  })
})

describe('market hours (real sessions)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTradingApp({ MARKET_HOURS: 'real' })
    // The next hour Tokyo is closed (evenings, weekends, holidays).
    let at = t.app.clock.now()
    while (isOpen('jp', at)) at += HOUR
    t.app.clock.set(at)
    await advance(t, 0)
  })
  afterAll(() => t.stop())

  it('refuses orders while the market is closed (outside_trading_time)', async () => {
    const g = await trader(t, 'closeduser')
    expect((await buy(t, g, {})).msg).toBe('outside_trading_time')
    expect((await buy(t, g, { price: '2000' })).msg).toBe('outside_trading_time')
  })
})

describe('fund password to buy (TRADE_FUND_PASSWORD=1)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTradingApp({ TRADE_FUND_PASSWORD: '1' })
  })
  afterAll(() => t.stop())
  afterEach(() => expectLedgerConsistent(t.app.db))

  it('asks for the fund password before an order', async () => {
    const g = await trader(t, 'fpuser01')
    expect((await buy(t, g, { fund_password: FUND_PASSWORD })).msg).toBe('fund_password_not_set')
    await setFundPassword(t, g)
    expect((await buy(t, g, {})).msg).toBe('wrong_fund_password')
    expect((await buy(t, g, { fund_password: '000000' })).msg).toBe('wrong_fund_password')
    expect((await buy(t, g, { code: TOYOTA, fund_password: FUND_PASSWORD })).status).toBe(1)
  })
})
