import { DAYTRADE_STATUS } from '@kabu/shared/api/daytrade'
import { localDate, nextTradingDay, sessionsOf } from '@kabu/shared/market/sessions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import {
  applyDaytrade,
  approvedParticipation,
  daytradeInfo,
  daytradeList,
  daytradeOrder,
  dayTrader,
  startDaytradeApp,
} from './daytrade.support'
import { ops } from './ops-client'
import { advance, TOYOTA } from './trading.support'

/** The sessions of Tokyo's next trading day after the clock's date. */
function nextTokyoDay(now: number) {
  const sessions = sessionsOf('jp', nextTradingDay('jp', localDate('jp', now)))
  return { open: sessions[0]!.open, close: sessions[sessions.length - 1]!.close }
}

describe('day trading on real sessions (MARKET_HOURS=real)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startDaytradeApp({ MARKET_HOURS: 'real' })
  })
  afterAll(() => t.stop())

  it('approved before the open is applied; trades from the open; flat at the real close', async () => {
    const day = nextTokyoDay(t.app.clock.now())
    t.app.clock.set(day.open - 30 * 60_000)
    await advance(t, 0)
    const g = await dayTrader(t, 'dtreal01')
    const id = await approvedParticipation(t, g)
    const [applied] = await daytradeList(t, g)
    expect(applied).toMatchObject({
      id,
      status: DAYTRADE_STATUS.applied,
      opens_at: day.open,
      closes_at: day.close,
    })
    expect((await daytradeOrder(t, g, { id, code: TOYOTA })).msg).toBe('outside_trading_time')

    t.app.clock.set(day.open + 10 * 60_000)
    await advance(t, 0)
    await t.app.broker.daytrade.jobs.runOnce()
    expect((await daytradeInfo(t, g, id)).status).toBe(DAYTRADE_STATUS.trading)
    expect((await daytradeOrder(t, g, { id, code: TOYOTA, side: 'sell' })).status).toBe(1)

    // Lunch (11:30–12:30): the market's session rule refuses the order.
    t.app.clock.set(day.open + 3 * 3_600_000)
    await advance(t, 0)
    expect((await daytradeOrder(t, g, { id, code: TOYOTA })).msg).toBe('outside_trading_time')

    t.app.clock.set(day.close)
    await advance(t, 0)
    await t.app.broker.daytrade.jobs.runOnce()
    const settled = await daytradeInfo(t, g, id)
    expect(settled.status).toBe(DAYTRADE_STATUS.traded)
    // The clock runs on: settled at the close, give or take the test's own steps.
    expect(settled.settled! - day.close).toBeGreaterThanOrEqual(0)
    expect(settled.settled! - day.close).toBeLessThan(10_000)
    expect(settled.fills.filter((f) => f.forced)).toMatchObject([
      { code: TOYOTA, side: 'buy', num: 100, forced: true },
    ])
    await expectLedgerConsistent(t.app.db)
  })
})

describe('REVIEW_POLICY=auto', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startDaytradeApp({ REVIEW_POLICY: 'auto', AUTO_REVIEW_DELAY_MS: '300' })
  })
  afterAll(() => t.stop())

  const settle = async () => {
    for (let i = 0; i < 50; i++) {
      const pending = await ops(t.url, 'GET', '/reviews?kind=daytrade&status=pending')
      if ((pending.data as unknown[]).length === 0) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  it('approves by the published rule, and rejects an account barred from trading since', async () => {
    const ok = await dayTrader(t, 'dtauto01')
    const barred = await dayTrader(t, 'dtauto02')
    expect((await applyDaytrade(t, ok)).status).toBe(1)
    expect((await applyDaytrade(t, barred)).status).toBe(1)
    expect((await ops(t.url, 'POST', `/users/${barred.account}/bar-trading`)).status).toBe(1)
    await settle()
    expect((await daytradeList(t, ok))[0]).toMatchObject({ status: DAYTRADE_STATUS.trading })
    expect((await daytradeList(t, barred))[0]).toMatchObject({
      status: DAYTRADE_STATUS.failed,
      reason: 'trading_barred',
    })
    await expectLedgerConsistent(t.app.db)
  })
})
