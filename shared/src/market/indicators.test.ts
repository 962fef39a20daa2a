import { describe, expect, it } from 'vitest'
import {
  bollLines,
  kdjLines,
  macdLines,
  movingAverages,
  rsiLines,
  subIndicatorLines,
  SUB_INDICATORS,
  type IndicatorLine,
} from './indicators'
import type { Bar } from './types'

const series = (closes: number[], spread = 0): Bar[] =>
  closes.map((close, i) => ({
    time: 1_700_000_000 + i * 86_400,
    open: close,
    high: close + spread,
    low: close - spread,
    close,
    volume: 100,
    turnover: close * 100,
  }))
const values = (line: IndicatorLine | undefined) => line?.points.map((p) => p.value) ?? []
const oneToTwenty = Array.from({ length: 20 }, (_, i) => i + 1)

describe('indicators', () => {
  it('MA: the mean of the last n closes, starting at the n-th bar', () => {
    const [ma5, ma10] = movingAverages(series(oneToTwenty.slice(0, 10)), [5, 10])
    expect(ma5?.key).toBe('MA5')
    // (1+2+3+4+5)/5 = 3 … (6+…+10)/5 = 8
    expect(values(ma5)).toEqual([3, 4, 5, 6, 7, 8])
    expect(values(ma10)).toEqual([5.5])
    expect(ma5?.points[0]?.time).toBe(1_700_000_000 + 4 * 86_400)
  })

  it("RSI: Wilder's smoothing, checked by hand on a short series", () => {
    // Changes +1, −1, +2, 0, −1. RSI(2): first averages gain 0.5 / loss 0.5 → 50; then gain
    // (0.5 + (2 − 0.5)/2) = 1.25, loss 0.25 → RS 5 → 83.33; flat: 0.625 / 0.125 → 83.33;
    // down 1: 0.3125 / 0.5625 → 100 − 100/(1 + 0.5556) = 35.71.
    const [rsi2] = rsiLines(series([10, 11, 10, 12, 12, 11]), [2])
    const expected = [50, 83.3333, 83.3333, 35.7143]
    expect(values(rsi2).length).toBe(4)
    values(rsi2).forEach((v, i) => expect(v).toBeCloseTo(expected[i] ?? NaN, 3))
  })

  it('RSI is 100 on a series that only rises', () => {
    const [rsi6] = rsiLines(series(oneToTwenty), [6])
    expect(new Set(values(rsi6))).toEqual(new Set([100]))
  })

  it('MACD: zero on a flat series, DIF above DEA on a steady rise', () => {
    const flat = macdLines(series(new Array<number>(40).fill(50)))
    for (const line of flat) expect(new Set(values(line))).toEqual(new Set([0]))
    expect(flat.map((l) => l.key)).toEqual(['DIF', 'DEA', 'MACD'])
    expect(flat[2]?.style).toBe('histogram')
    const rising = macdLines(series(Array.from({ length: 60 }, (_, i) => 100 + i)))
    const [dif, dea, histogram] = rising.map(values)
    expect(dif?.at(-1)).toBeGreaterThan(dea?.at(-1) ?? Infinity)
    expect(histogram?.at(-1)).toBeCloseTo((dif?.at(-1) ?? 0) - (dea?.at(-1) ?? 0), 12)
  })

  it('KDJ: K = D = J = 100 at the top of a steady rise; J = 3K − 2D always', () => {
    const [k, d, j] = kdjLines(series(oneToTwenty, 0)).map(values)
    expect(k?.at(-1)).toBeCloseTo(100, 9)
    expect(d?.at(-1)).toBeCloseTo(100, 9)
    expect(j?.at(-1)).toBeCloseTo(100, 9)
    const wave = series(
      Array.from({ length: 50 }, (_, i) => 100 + 10 * Math.sin(i / 3)),
      1,
    )
    const [wk, wd, wj] = kdjLines(wave).map(values)
    wj?.forEach((value, i) => expect(value).toBeCloseTo(3 * (wk?.[i] ?? 0) - 2 * (wd?.[i] ?? 0), 9))
    for (const value of wk ?? []) expect(value).toBeGreaterThanOrEqual(0)
    for (const value of wk ?? []) expect(value).toBeLessThanOrEqual(100)
  })

  it('BOLL(20, 2): the mean ± two population deviations', () => {
    const [upper, mid, lower] = bollLines(series(oneToTwenty)).map(values)
    // mean 10.5; population variance of 1…20 is (20² − 1)/12 = 33.25
    const sd = Math.sqrt(33.25)
    expect(mid).toEqual([10.5])
    expect(upper?.[0]).toBeCloseTo(10.5 + 2 * sd, 9)
    expect(lower?.[0]).toBeCloseTo(10.5 - 2 * sd, 9)
  })

  it('names lines for every sub chart; volume needs none', () => {
    const bars = series(
      Array.from({ length: 80 }, (_, i) => 100 + (i % 7)),
      1,
    )
    const keys = SUB_INDICATORS.map((kind) => subIndicatorLines(bars, kind).map((l) => l.key))
    expect(keys).toEqual([
      [],
      ['DIF', 'DEA', 'MACD'],
      ['K', 'D', 'J'],
      ['RSI6', 'RSI12', 'RSI24'],
      ['UPPER', 'MID', 'LOWER'],
    ])
  })
})
