import type { Bar, Market, Quote } from '@kabu/shared/market/types'
import { isoDateToUtc } from '@kabu/shared/market/iso-date'
import { localDate } from '@kabu/shared/market/time-zone'

/**
 * How ticks move a chart: pure functions from (last bar, quote) to the bar to draw. The gateway's
 * bars and its ticks come from one price path, so continuing the fetched bars with the quote stream
 * keeps the chart equal to what a refetch would give.
 */

/** Start of the daily bar holding `at`: 00:00 UTC of the exchange's local date, epoch seconds. */
export function dailyBarTime(market: Market, at: number): number {
  return isoDateToUtc(localDate(market, at)) / 1000
}

/**
 * The daily bar a quote describes (a quote carries the day's open/high/low/volume), or undefined
 * when the quote is older than the last bar drawn. Same `time` as `last` means "replace it".
 */
export function nextDailyBar(last: Bar | undefined, quote: Quote): Bar | undefined {
  const time = dailyBarTime(quote.market, quote.time)
  if (last && time < last.time) return undefined
  return {
    time,
    open: quote.open,
    high: quote.high,
    low: quote.low,
    close: quote.price,
    volume: quote.volume,
    turnover: quote.turnover,
  }
}

/** What the minute chart remembers between ticks. */
export interface MinuteState {
  last: Bar | undefined
  /** Local date of the session being drawn. */
  day: string
  /** The day's cumulative volume/turnover already counted into bars. */
  dayVolume: number
  dayTurnover: number
}

/** The state after drawing `bars`, today's minute bars as fetched. */
export function minuteStateFrom(bars: readonly Bar[], day: string): MinuteState {
  let dayVolume = 0
  let dayTurnover = 0
  for (const bar of bars) {
    dayVolume += bar.volume
    dayTurnover += bar.turnover
  }
  return { last: bars.at(-1), day, dayVolume, dayTurnover }
}

export interface MinuteStep {
  state: MinuteState
  bar: Bar
  /** A new local day began: the chart starts over from this bar. */
  newDay: boolean
}

/**
 * Moves an intraday chart by one quote: the quote's price goes into the bar of its minute (or of
 * its `seconds`-long period: 300 for 5-minute bars), extending high/low, or opens the next one; the
 * volume traded since the previous quote is added to it. Returns undefined for a quote that is
 * older than what is drawn.
 */
export function nextMinuteBar(
  state: MinuteState,
  quote: Quote,
  seconds = 60,
): MinuteStep | undefined {
  const day = localDate(quote.market, quote.time)
  const time = Math.floor(quote.time / 1000 / seconds) * seconds
  if (day !== state.day) {
    if (day < state.day) return undefined
    const bar = openBar(time, quote.price, quote.volume, quote.turnover)
    return { state: afterQuote(bar, day, quote), bar, newDay: true }
  }
  const { last } = state
  if (last && time < last.time) return undefined
  // Totals only grow within a day; a smaller one is an older quote than the bars already drawn.
  if (quote.volume < state.dayVolume) return undefined
  const volume = quote.volume - state.dayVolume
  const turnover = Math.max(0, quote.turnover - state.dayTurnover)
  const bar =
    last && time === last.time
      ? {
          time,
          open: last.open,
          high: Math.max(last.high, quote.price),
          low: Math.min(last.low, quote.price),
          close: quote.price,
          volume: last.volume + volume,
          turnover: last.turnover + turnover,
        }
      : openBar(time, quote.price, volume, turnover)
  return { state: afterQuote(bar, day, quote), bar, newDay: false }
}

function openBar(time: number, price: number, volume: number, turnover: number): Bar {
  return { time, open: price, high: price, low: price, close: price, volume, turnover }
}

function afterQuote(bar: Bar, day: string, quote: Quote): MinuteState {
  return { last: bar, day, dayVolume: quote.volume, dayTurnover: quote.turnover }
}

/**
 * Puts `bar` into `bars` in place: replaces the last bar of the same time or appends a later one.
 * Returns false for an earlier bar, which a chart series would refuse (it only moves forward).
 */
export function upsertBar(bars: Bar[], bar: Bar): boolean {
  const last = bars.at(-1)
  if (last && last.time === bar.time) bars[bars.length - 1] = bar
  else if (!last || bar.time > last.time) bars.push(bar)
  else return false
  return true
}

/** How adjusted bars relate to the raw prices and volumes a quote carries (1 and 1: unadjusted). */
export interface QuoteScale {
  price: number
  volume: number
}

/**
 * A quote in the units of adjusted bars: backward-adjusted charts show today's prices multiplied by
 * every factor so far, so the ticks that extend them must be too. Turnover is money: unchanged.
 */
export function scaleQuote(quote: Quote, scale: QuoteScale): Quote {
  if (scale.price === 1 && scale.volume === 1) return quote
  const p = (value: number) => value * scale.price
  return {
    ...quote,
    price: p(quote.price),
    open: p(quote.open),
    high: p(quote.high),
    low: p(quote.low),
    prevClose: p(quote.prevClose),
    volume: quote.volume * scale.volume,
  }
}

/** Two consecutive stretches of trading as one bar (stamped with the first one's time). */
export function mergeBars(first: Bar, second: Bar): Bar {
  return {
    time: first.time,
    open: first.open,
    high: Math.max(first.high, second.high),
    low: Math.min(first.low, second.low),
    close: second.close,
    volume: first.volume + second.volume,
    turnover: first.turnover + second.turnover,
  }
}

/**
 * What a weekly or monthly chart remembers between ticks: the finished days of the period being
 * drawn, merged, and the latest day's bar (which ticks still move).
 */
export interface PeriodState {
  prior: Bar | undefined
  today: Bar | undefined
}

/** The state after the daily bars of the current period (oldest first; the last is the latest). */
export function periodStateFrom(days: readonly Bar[]): PeriodState {
  let prior: Bar | undefined
  for (const day of days.slice(0, -1)) prior = prior ? mergeBars(prior, day) : day
  return { prior, today: days.at(-1) }
}

/**
 * Folds today's daily bar into its week or month (`periodOf` gives a time's period start): a new
 * day closes the one before into the period, a new period starts from nothing. Returns undefined
 * for a day older than the one followed.
 */
export function nextPeriodBar(
  state: PeriodState,
  day: Bar,
  periodOf: (time: number) => number,
): { state: PeriodState; bar: Bar } | undefined {
  const { today } = state
  if (today && day.time < today.time) return undefined
  let prior = state.prior
  if (today && day.time > today.time) prior = prior ? mergeBars(prior, today) : today
  if (prior && periodOf(prior.time) !== periodOf(day.time)) prior = undefined
  const merged = prior ? mergeBars(prior, day) : day
  return { state: { prior, today: day }, bar: { ...merged, time: periodOf(day.time) } }
}
