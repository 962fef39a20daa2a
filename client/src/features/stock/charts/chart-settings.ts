import type { SubIndicator } from '@kabu/shared/market/indicators'
import type { BarInterval, PriceAdjust } from '@kabu/shared/market/types'

/**
 * What the chart shows (spec §2 stock detail): an interval (time-share, 5/15/30 minutes, day,
 * week, month), a range (1 day … 1 year), a price adjustment and the sub chart's indicator.
 */
export type ChartInterval = 'ts' | '5m' | '15m' | '30m' | '1d' | '1w' | '1M' | '1y'
export type ChartRange = '1D' | '1W' | '1M' | '3M' | '6M' | '1Y'

export interface ChartSettings {
  interval: ChartInterval
  range: ChartRange
  adjust: PriceAdjust
  sub: SubIndicator
}

// Spec §2's periods (intraday, day, week, month, year) with the intraday intervals between.
export const INTERVALS: readonly ChartInterval[] = [
  'ts',
  '5m',
  '15m',
  '30m',
  '1d',
  '1w',
  '1M',
  '1y',
]
export const RANGES: readonly ChartRange[] = ['1D', '1W', '1M', '3M', '6M', '1Y']
export const ADJUSTS: readonly PriceAdjust[] = ['none', 'forward', 'backward']

/** Days before today's session a range reaches back (1D: today's session alone). */
export const RANGE_DAYS: Record<ChartRange, number> = {
  '1D': 0,
  '1W': 7,
  '1M': 31,
  '3M': 92,
  '6M': 183,
  '1Y': 366,
}

/** The range an interval opens with: what fits a phone's width at a glance. */
export const DEFAULT_RANGE: Record<ChartInterval, ChartRange> = {
  ts: '1D',
  '5m': '1W',
  '15m': '1M',
  '30m': '1M',
  '1d': '6M',
  '1w': '1Y',
  '1M': '1Y',
  '1y': '1Y',
}

export const DEFAULT_SETTINGS: ChartSettings = {
  interval: '1d',
  range: DEFAULT_RANGE['1d'],
  adjust: 'none',
  sub: 'vol',
}

/**
 * Whether a range makes sense for an interval: a time-share line of more than a week of minutes
 * is a smear (and megabytes), so it stops at 1W; a year's bar needs the longest range (its chart
 * reaches back to the start of that range's year); everything else takes every range.
 */
export const rangeAllowed = (interval: ChartInterval, range: ChartRange) => {
  if (interval === 'ts') return RANGE_DAYS[range] <= RANGE_DAYS['1W']
  if (interval === '1y') return range === '1Y'
  return true
}

/** The gateway's bar interval behind a chart interval. */
export const barInterval = (interval: ChartInterval): BarInterval =>
  interval === 'ts' ? '1m' : interval

/** Intraday axes read in the exchange's clock; daily and longer bars are dated, not timed. */
export const isIntraday = (interval: ChartInterval) =>
  interval === 'ts' || interval === '5m' || interval === '15m' || interval === '30m'
