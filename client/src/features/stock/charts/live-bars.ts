import { filter, map, type Observable, startWith, switchMap } from 'rxjs'
import type { Bar, Quote } from '@kabu/shared/market/types'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { quote$ } from '../../../realtime'
import { fromAbortable } from '../../../realtime/from-abortable'
import { fetchBars } from '../../../realtime/market-api'
import { minuteStateFrom, nextDailyBar, nextMinuteBar, type MinuteState } from '../bars'

/** What a chart does next: draw these bars from scratch, or move/extend the last one. */
export type BarsEvent = { type: 'reset'; bars: Bar[] } | { type: 'update'; bar: Bar }

const DAY_S = 86_400
/** About 13 months of daily bars: a year to look at, plus room to scroll. */
const DAILY_HISTORY_DAYS = 400

/** Daily candles of the last year, then today's candle moving with every tick. */
export function liveDailyBars$(anchor: Quote): Observable<BarsEvent> {
  const from = Math.floor(anchor.time / 1000) - DAILY_HISTORY_DAYS * DAY_S
  return fromAbortable((signal) => fetchBars(anchor.code, '1d', from, undefined, signal)).pipe(
    switchMap((bars) => {
      let last = bars.at(-1)
      return quote$(anchor.code).pipe(
        map((quote) => nextDailyBar(last, quote)),
        filter((bar): bar is Bar => bar !== undefined),
        map((bar): BarsEvent => {
          last = bar
          return { type: 'update', bar }
        }),
        startWith<BarsEvent>({ type: 'reset', bars }),
      )
    }),
  )
}

/**
 * The 1-minute bars of the session the anchor quote belongs to (its exchange's local day), then
 * every tick folded into them; a new local day starts the chart over.
 */
export function liveMinuteBars$(anchor: Quote): Observable<BarsEvent> {
  const day = localDate(anchor.market, anchor.time)
  const from = Math.floor(epochAtLocal(anchor.market, day, 0) / 1000)
  return fromAbortable((signal) => fetchBars(anchor.code, '1m', from, undefined, signal)).pipe(
    switchMap((bars) => {
      let state: MinuteState = minuteStateFrom(bars, day)
      return quote$(anchor.code).pipe(
        map((quote) => nextMinuteBar(state, quote)),
        filter((step) => step !== undefined),
        map((step): BarsEvent => {
          state = step.state
          return step.newDay
            ? { type: 'reset', bars: [step.bar] }
            : { type: 'update', bar: step.bar }
        }),
        startWith<BarsEvent>({ type: 'reset', bars }),
      )
    }),
  )
}
