import { LISTINGS } from '@kabu/shared/market/listings/index'
import { utcToIsoDate } from '@kabu/shared/market/iso-date'
import type { Bar, CorporateAction } from '@kabu/shared/market/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

// /api/market/bars?adjust= on a real gateway (MARKET_HOURS=always: a year of history, every day).
let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.stop())

async function bars(query: string): Promise<Bar[]> {
  const res = await fetch(`${t.url}/api/market/bars?${query}`)
  expect(res.status).toBe(200)
  const body = (await res.json()) as { status: number; data: Bar[] }
  expect(body.status).toBe(1)
  return body.data
}

/**
 * A code's daily bars raw and under each `adjust`, read at one moment: today's bar is live (the
 * simulator prints between two requests, which once failed the comparison on CI), so the raw bars
 * are read again after the others until no print fell between.
 */
async function dailyAtOneMoment(code: string, ...adjusts: string[]) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const raw = await bars(`code=${code}&interval=1d`)
    const adjusted = await Promise.all(
      adjusts.map((adjust) => bars(`code=${code}&interval=1d&adjust=${adjust}`)),
    )
    const again = await bars(`code=${code}&interval=1d`)
    if (JSON.stringify(again.at(-1)) === JSON.stringify(raw.at(-1))) return { raw, adjusted }
  }
  throw new Error(`${code} printed between every two reads`)
}

const dayOf = (bar: Bar) => utcToIsoDate(bar.time * 1000)
/** ∏ f and ∏ split ratios of the actions dated after `day` (forward adjustment's multipliers). */
function after(actions: CorporateAction[], day: string) {
  const later = actions.filter((a) => a.date > day)
  return {
    price: later.reduce((p, a) => p * a.factor, 1),
    shares: later.reduce((p, a) => p * (a.kind === 'split' ? (a.ratio ?? 1) : 1), 1),
  }
}
/** Prices leave the gateway rounded to 1/10,000 of the currency. */
const near = (actual: number | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThanOrEqual(0.00005 + 1e-9)

function firstWith(kind: CorporateAction['kind']) {
  for (const listing of LISTINGS) {
    const actions = t.app.market.corporateActions(listing.code)
    if (actions.some((a) => a.kind === kind)) return { code: listing.code, actions }
  }
  throw new Error(`no ${kind} in the simulated year`)
}

describe('GET /api/market/bars?adjust=', () => {
  it('forward: a split and the dividends scale every earlier bar, the latest bar unchanged', async () => {
    const { code, actions } = firstWith('split')
    const {
      raw,
      adjusted: [forward = []],
    } = await dailyAtOneMoment(code, 'forward')
    expect(forward.length).toBe(raw.length)
    expect(forward.at(-1)).toEqual(raw.at(-1))
    const split = actions.find((a) => a.kind === 'split') as CorporateAction
    raw.forEach((bar, i) => {
      const m = after(actions, dayOf(bar))
      near(forward[i]?.close, bar.close * m.price)
      near(forward[i]?.low, bar.low * m.price)
      expect(forward[i]?.volume).toBe(Math.round(bar.volume * m.shares))
    })
    // Across the ex-date the raw closes jump by the ratio; the adjusted ones move like any day.
    const ex = raw.findIndex((bar) => dayOf(bar) === split.date)
    expect(ex).toBeGreaterThan(0)
    const rawMove = (raw[ex]?.close ?? 0) / (raw[ex - 1]?.close ?? 1)
    const adjustedMove = (forward[ex]?.close ?? 0) / (forward[ex - 1]?.close ?? 1)
    expect(Math.abs(Math.log(rawMove * (split.ratio ?? 1)))).toBeLessThan(0.25)
    expect(Math.abs(Math.log(adjustedMove))).toBeLessThan(0.25)
  })

  it('backward: the first bar unchanged, later bars divided by the factors so far', async () => {
    const { code, actions } = firstWith('split')
    const {
      raw,
      adjusted: [backward = [], forward = []],
    } = await dailyAtOneMoment(code, 'backward', 'forward')
    expect(backward[0]).toEqual(raw[0])
    const all = actions.reduce((p, a) => p * a.factor, 1)
    raw.forEach((bar, i) => {
      const before = actions.filter((a) => a.date <= dayOf(bar))
      const price = before.reduce((p, a) => p * a.factor, 1)
      near(backward[i]?.open, bar.open / price)
      // Forward and backward differ by one constant: the product of every factor.
      expect((forward[i]?.close ?? 0) / (backward[i]?.close ?? 1)).toBeCloseTo(all, 3)
    })
  })

  it('a dividend: the day before the ex-date comes down by f = 1 − D / Pclose₋₁', async () => {
    const { code, actions } = firstWith('dividend')
    const dividend = actions.find((a) => a.kind === 'dividend') as CorporateAction
    const raw = await bars(`code=${code}&interval=1d`)
    const forward = await bars(`code=${code}&interval=1d&adjust=forward`)
    const ex = raw.findIndex((bar) => dayOf(bar) === dividend.date)
    const prevClose = raw[ex - 1]?.close ?? NaN
    expect(dividend.factor).toBeCloseTo(1 - (dividend.cash ?? 0) / prevClose, 12)
    const later = after(actions, dividend.date).price
    near(forward[ex - 1]?.close, prevClose * dividend.factor * later)
    near(forward[ex]?.close, (raw[ex]?.close ?? NaN) * later)
  })

  it('adjusts intraday and weekly bars too', async () => {
    const { code, actions } = firstWith('split')
    const split = actions.find((a) => a.kind === 'split') as CorporateAction
    const exAt = Date.parse(`${split.date}T00:00:00Z`) / 1000
    const range = `from=${exAt - 3 * 86_400}&to=${exAt + 2 * 86_400}`
    const raw = await bars(`code=${code}&interval=30m&${range}`)
    const forward = await bars(`code=${code}&interval=30m&${range}&adjust=forward`)
    expect(raw.length).toBeGreaterThan(40)
    expect(forward.map((b) => b.time)).toEqual(raw.map((b) => b.time))
    const m = after(actions, utcToIsoDate((raw[0]?.time ?? 0) * 1000))
    near(forward[0]?.open, (raw[0]?.open ?? NaN) * m.price)
    const weeks = await bars(`code=${code}&interval=1w&adjust=backward`)
    expect(weeks.length).toBeGreaterThan(50)
    expect(weeks[0]?.open).toBe((await bars(`code=${code}&interval=1w`))[0]?.open)
  })

  it('a range from a day inside a week or month answers the whole-history bars that start in it', () => {
    const { code } = firstWith('split')
    const whole = t.app.market.bars(code, '1d')
    // A Wednesday or so, 40 bars back: inside a week and a month of the range's first bars.
    const from = (whole.at(-40)?.time ?? 0) + 1
    for (const interval of ['1d', '1w', '1M'] as const) {
      for (const adjust of ['none', 'forward'] as const) {
        const all = t.app.market.bars(code, interval, undefined, undefined, adjust)
        const ranged = t.app.market.bars(code, interval, from, undefined, adjust)
        expect(ranged.length, `${interval} ${adjust}`).toBeGreaterThan(0)
        expect(ranged, `${interval} ${adjust}`).toEqual(all.filter((b) => b.time >= from))
      }
    }
  })

  it('refuses an unknown adjustment with invalid_input', async () => {
    for (const adjust of ['sideways', '', 'FORWARD']) {
      const res = await fetch(`${t.url}/api/market/bars?code=7203&interval=1d&adjust=${adjust}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ status: 0, msg: 'invalid_input' })
    }
  })
})
