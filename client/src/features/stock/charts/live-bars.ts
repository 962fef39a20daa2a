import { filter, map, type Observable, startWith, switchMap } from 'rxjs'
import { periodStart } from '@kabu/shared/market/bar-periods'
import type { Bar, Quote } from '@kabu/shared/market/types'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { quote$ } from '../../../realtime'
import { fromAbortable } from '../../../realtime/from-abortable'
import { fetchBars } from '../../../realtime/market-api'
import {
  dailyBarTime,
  minuteStateFrom,
  nextDailyBar,
  nextMinuteBar,
  nextPeriodBar,
  periodStateFrom,
  scaleQuote,
  type QuoteScale,
} from '../bars'
import { barInterval, RANGE_DAYS, type ChartSettings } from './chart-settings'

/** What a chart does next: draw these bars from scratch, or move/extend the last one. */
export type BarsEvent = { type: 'reset'; bars: Bar[] } | { type: 'update'; bar: Bar }

type BarsQuery = Pick<ChartSettings, 'interval' | 'range' | 'adjust'>

const DAY_S = 86_400
const UNSCALED: QuoteScale = { price: 1, volume: 1 }

/**
 * The bars of a chart, then every tick folded into the last one. Intraday bars take the quote's
 * price into its minute or 5/15/30-minute period; daily bars are the quote's day; weekly and
 * monthly bars merge today's daily bar with the period's earlier days. Backward-adjusted charts
 * scale the ticks first (forward adjustment leaves the latest prices as traded).
 */
export function liveBars$(anchor: Quote, query: BarsQuery): Observable<BarsEvent> {
  const interval = barInterval(query.interval)
  const day = localDate(anchor.market, anchor.time)
  const dayStart = Math.floor(epochAtLocal(anchor.market, day, 0) / 1000)
  const periodOf = periodStart(interval)
  const rangeStart = dayStart - RANGE_DAYS[query.range] * DAY_S
  // A year's bar starts on 1 January, before most ranges begin: reach back to its start.
  const from = interval === '1y' ? periodOf(rangeStart) : rangeStart
  const bars = (iv: typeof interval, since: number, signal: AbortSignal) =>
    fetchBars(anchor.code, iv, since, undefined, signal, query.adjust)
  const longPeriod = interval === '1w' || interval === '1M' || interval === '1y'

  const load = fromAbortable(async (signal) => {
    const [drawn, scale, days] = await Promise.all([
      bars(interval, from, signal),
      query.adjust === 'backward' ? backwardScale(anchor.code, dayStart, signal) : UNSCALED,
      // A week or a month in progress is its earlier days plus today: fetch its days.
      longPeriod
        ? bars('1d', periodOf(dailyBarTime(anchor.market, anchor.time)), signal)
        : Promise.resolve([]),
    ])
    return { drawn, scale, days }
  })

  return load.pipe(
    switchMap(({ drawn, scale, days }) => {
      const ticks = quote$(anchor.code).pipe(map((quote) => scaleQuote(quote, scale)))
      const start = startWith<BarsEvent>({ type: 'reset', bars: drawn })
      if (interval === '1d') {
        let last = drawn.at(-1)
        return ticks.pipe(
          map((quote) => nextDailyBar(last, quote)),
          filter((bar) => bar !== undefined),
          map((bar): BarsEvent => {
            last = bar
            return { type: 'update', bar }
          }),
          start,
        )
      }
      if (longPeriod) {
        let state = periodStateFrom(days)
        return ticks.pipe(
          map((quote) => {
            const daily = nextDailyBar(state.today, quote)
            return daily && nextPeriodBar(state, daily, periodOf)
          }),
          filter((step) => step !== undefined),
          map((step): BarsEvent => {
            state = step.state
            return { type: 'update', bar: step.bar }
          }),
          start,
        )
      }
      const seconds = interval === '1m' ? 60 : Number.parseInt(interval, 10) * 60
      let state = minuteStateFrom(
        drawn.filter((bar) => bar.time >= dayStart),
        day,
      )
      return ticks.pipe(
        map((quote) => nextMinuteBar(state, quote, seconds)),
        filter((step) => step !== undefined),
        map((step): BarsEvent => {
          state = step.state
          // A one-day chart starts over with the new session; longer ranges carry on.
          return step.newDay && query.range === '1D'
            ? { type: 'reset', bars: [step.bar] }
            : { type: 'update', bar: step.bar }
        }),
        start,
      )
    }),
  )
}

/**
 * How backward-adjusted bars relate to today's raw quotes: the same recent daily bars both ways.
 * The latest day's open (fixed once the day opened) gives the price factor; the day before, which
 * no longer changes, gives the volume factor (splits only).
 */
async function backwardScale(code: string, dayStart: number, signal: AbortSignal) {
  const since = dayStart - 10 * DAY_S
  const [raw, adjusted] = await Promise.all([
    fetchBars(code, '1d', since, undefined, signal, 'none'),
    fetchBars(code, '1d', since, undefined, signal, 'backward'),
  ])
  const ratio = (a: number | undefined, b: number | undefined) => (a && b ? a / b : 1)
  return {
    price: ratio(adjusted.at(-1)?.open, raw.at(-1)?.open),
    volume: ratio(adjusted.at(-2)?.volume, raw.at(-2)?.volume),
  }
}
