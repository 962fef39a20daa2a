import type { Observable } from 'rxjs'
import type { Quote } from '@kabu/shared/market/types'
import { liveDailyBars$, liveMinuteBars$, type BarsEvent } from './live-bars'

/**
 * The chart periods on offer. Issue 5 adds week, month, year and the 5/15/30-minute intervals:
 * each is one more entry here (its bars stream and how it is drawn), nothing else changes.
 */
export type ChartPeriod = 'intraday' | 'day'

export interface PeriodSpec {
  style: 'line' | 'candles'
  /** Intraday axes read in the exchange's clock; daily bars are dated, not timed. */
  timeAxis: 'exchange-time' | 'date'
  /** How many bars fit the screen at first (the rest is a swipe away); undefined = all. */
  visibleBars?: number
  testId: string
  bars$: (anchor: Quote) => Observable<BarsEvent>
}

export const PERIODS: Record<ChartPeriod, PeriodSpec> = {
  intraday: {
    style: 'line',
    timeAxis: 'exchange-time',
    testId: 'chart-intraday',
    bars$: liveMinuteBars$,
  },
  day: {
    style: 'candles',
    timeAxis: 'date',
    visibleBars: 90,
    testId: 'chart-candles',
    bars$: liveDailyBars$,
  },
}
