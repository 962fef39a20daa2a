import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { holdingRows } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { localDate } from '@kabu/shared/market/time-zone'
import { utcToIsoDate } from '@kabu/shared/market/iso-date'
import type { Bar, Quote } from '@kabu/shared/market/types'
import type { TestApp } from '../support/app'
import { brokerData } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import { APPLE, books, openList, sell, startTradingApp, TOYOTA, trader } from './trading.support'

/**
 * 空売り価格規制 (SHORT_PRICE_RULE_FALL, SHORT_PRICE_RULE_EXEMPT_UNITS): once a Japanese stock has
 * fallen 10 % or more from its base price, a short of more than 50 trading units is refused for the
 * rest of that day and the next trading day. The simulator rarely draws such a fall, so the quote
 * (and the daily bars) the gateway reads are the simulated ones with the fall laid over them.
 */

let t: TestApp
let n = 0
const account = () => `spr${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const short = (g: SessionGrant, lots: number, code = TOYOTA, type = 'jpy', lot = 100) =>
  sell(t, g, { type, code, num: String(lots * lot), leverage: '3' })

/** Runs `run` with `code`'s base price set so that its day low is `fall` below it. */
async function afterFall(code: string, fall: number, run: () => Promise<void>) {
  const market = t.app.market
  const snapshot = market.snapshot.bind(market)
  const fallen = (q: Quote | undefined): Quote | undefined =>
    q?.code === code ? { ...q, prevClose: q.low / (1 - fall) } : q
  market.snapshot = (c) => fallen(snapshot(c))
  try {
    await run()
  } finally {
    market.snapshot = snapshot
  }
}

/** Runs `run` with the daily bar `daysBack` trading days before today `fall` below the one before. */
async function fellDaysAgo(daysBack: number, fall: number, run: () => Promise<void>) {
  const market = t.app.market
  const bars = market.bars.bind(market)
  market.bars = (code, interval, from, to, adjust) => {
    const answer = bars(code, interval, from, to, adjust)
    if (code !== TOYOTA || interval !== '1d') return answer
    const today = localDate('jp', t.app.market.snapshot(TOYOTA)!.time)
    const past = answer.filter((b) => utcToIsoDate(b.time * 1000) < today)
    const day = past.at(-daysBack)!
    const before = past.at(-daysBack - 1)!
    const low = Math.floor(before.close * (1 - fall))
    return answer.map((b): Bar => (b === day ? { ...b, low } : b))
  }
  try {
    await run()
  } finally {
    market.bars = bars
  }
}

describe('the short-sale price restriction (空売り価格規制)', () => {
  it('is published in /common/config', async () => {
    const entries = await brokerData<Array<{ name: string; value: string }>>(
      t.url,
      '/common/config',
      {},
    )
    expect(entries).toContainEqual({ name: 'short_price_rule_fall', value: '0.1' })
    expect(entries).toContainEqual({ name: 'short_price_rule_exempt_units', value: '50' })
  })

  it('after a fall of 10 % today, refuses a short of 51 lots and takes one of 50', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    await afterFall(TOYOTA, 0.11, async () => {
      const before = await books(t, g.account, 'JPY')
      expect(await short(g, 51)).toMatchObject({ status: 0, msg: 'short_price_restricted' })
      expect(await books(t, g.account, 'JPY')).toEqual(before)
      expect(holdingRows(await openList(t, g))).toEqual([])
      expect(await short(g, 50)).toMatchObject({ status: 1 })
    })
  })

  it('takes 51 lots after a fall short of 10 %, and on a market the rule is not', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    await afterFall(TOYOTA, 0.09, async () => {
      expect(await short(g, 51)).toMatchObject({ status: 1 })
    })
    const us = await trader(t, account(), undefined, { verified: true })
    await afterFall(APPLE, 0.2, async () => {
      expect(await short(us, 51, APPLE, 'usd', 1)).toMatchObject({ status: 1 })
    })
  })

  it('holds on the trading day after the fall, and lifts the day after that', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    await fellDaysAgo(1, 0.1, async () => {
      expect(await short(g, 51)).toMatchObject({ msg: 'short_price_restricted' })
      expect(await short(g, 50)).toMatchObject({ status: 1 })
    })
    await fellDaysAgo(2, 0.1, async () => {
      expect(await short(g, 51)).toMatchObject({ status: 1 })
    })
  })
})
