import {
  BollingerBands,
  EMA,
  MACD,
  RSI,
  SMA,
  StochasticOscillator,
  type TechnicalIndicator,
} from 'trading-signals'
import type { Bar } from './types'

/**
 * Chart indicators computed by trading-signals (a maintained library, not hand-rolled maths),
 * turned into one line per value, each point stamped with its bar's time. A line starts where its
 * indicator has enough bars (MA20 at the 20th bar).
 */
export interface LinePoint {
  time: number
  value: number
}

export interface IndicatorLine {
  /** What the legend says: `MA5`, `DIF`, `K`, `RSI6`, `UPPER` … */
  key: string
  points: LinePoint[]
  /** `histogram` for MACD's bars; everything else is a line. */
  style: 'line' | 'histogram'
}

/** The indicators a sub chart can show (volume is drawn from the bars themselves). */
export type SubIndicator = 'vol' | 'macd' | 'kdj' | 'rsi' | 'boll'
export const SUB_INDICATORS: readonly SubIndicator[] = ['vol', 'macd', 'kdj', 'rsi', 'boll']

/** Feeds every bar to one indicator and collects the results that exist. */
function run<Input, Result>(
  bars: readonly Bar[],
  indicator: TechnicalIndicator<Result, Input>,
  input: (bar: Bar) => Input,
): Array<{ time: number; result: Result }> {
  const out: Array<{ time: number; result: Result }> = []
  for (const bar of bars) {
    const result = indicator.add(input(bar))
    if (result !== null) out.push({ time: bar.time, result })
  }
  return out
}

const close = (bar: Bar) => bar.close
const line = (
  key: string,
  rows: Array<{ time: number; value: number }>,
  style: IndicatorLine['style'] = 'line',
): IndicatorLine => ({ key, points: rows, style })

/**
 * Simple moving averages of the close: MA5/10/20/60 on the main chart.
 *
 * @example movingAverages(bars)[0] // { key: 'MA5', points: [...], style: 'line' }
 */
export function movingAverages(
  bars: readonly Bar[],
  periods: readonly number[] = [5, 10, 20, 60],
): IndicatorLine[] {
  return periods.map((period) =>
    line(
      `MA${period}`,
      run(bars, new SMA(period), close).map(({ time, result }) => ({ time, value: result })),
    ),
  )
}

/**
 * MACD(12, 26, 9): DIF = EMA12 − EMA26, DEA = EMA9 of DIF, and the histogram DIF − DEA (the
 * library's; some Chinese apps draw twice that).
 */
export function macdLines(bars: readonly Bar[], fast = 12, slow = 26, signal = 9): IndicatorLine[] {
  const rows = run(bars, new MACD(new EMA(fast), new EMA(slow), new EMA(signal)), close)
  return [
    line(
      'DIF',
      rows.map(({ time, result }) => ({ time, value: result.macd })),
    ),
    line(
      'DEA',
      rows.map(({ time, result }) => ({ time, value: result.signal })),
    ),
    line(
      'MACD',
      rows.map(({ time, result }) => ({ time, value: result.histogram })),
      'histogram',
    ),
  ]
}

/** KDJ(9, 3, 3): K and D of the slow stochastic, J = 3K − 2D. */
export function kdjLines(bars: readonly Bar[], n = 9, kSmooth = 3, dSmooth = 3): IndicatorLine[] {
  const stochastic = new StochasticOscillator({
    kPeriod: n,
    kSlowingPeriod: kSmooth,
    dPeriod: dSmooth,
  })
  const rows = run(bars, stochastic, (bar) => ({ high: bar.high, low: bar.low, close: bar.close }))
  return [
    line(
      'K',
      rows.map(({ time, result }) => ({ time, value: result.stochK })),
    ),
    line(
      'D',
      rows.map(({ time, result }) => ({ time, value: result.stochD })),
    ),
    line(
      'J',
      rows.map(({ time, result }) => ({ time, value: result.stochJ })),
    ),
  ]
}

/** RSI with Wilder's smoothing, one line per period (6, 12, 24 by default). */
export function rsiLines(bars: readonly Bar[], periods: readonly number[] = [6, 12, 24]) {
  return periods.map((period) =>
    line(
      `RSI${period}`,
      run(bars, new RSI(period), close).map(({ time, result }) => ({ time, value: result })),
    ),
  )
}

/** Bollinger bands BOLL(20, 2): the 20-bar mean and two population standard deviations. */
export function bollLines(bars: readonly Bar[], period = 20, width = 2): IndicatorLine[] {
  const rows = run(bars, new BollingerBands(period, width), close)
  return [
    line(
      'UPPER',
      rows.map(({ time, result }) => ({ time, value: result.upper })),
    ),
    line(
      'MID',
      rows.map(({ time, result }) => ({ time, value: result.middle })),
    ),
    line(
      'LOWER',
      rows.map(({ time, result }) => ({ time, value: result.lower })),
    ),
  ]
}

/** The lines of a sub chart's indicator; volume has none (it is the bars' own histogram). */
export function subIndicatorLines(bars: readonly Bar[], kind: SubIndicator): IndicatorLine[] {
  switch (kind) {
    case 'vol':
      return []
    case 'macd':
      return macdLines(bars)
    case 'kdj':
      return kdjLines(bars)
    case 'rsi':
      return rsiLines(bars)
    case 'boll':
      return bollLines(bars)
  }
}
