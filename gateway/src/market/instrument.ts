import type { CorporateAction, Listing } from '@kabu/shared/market/types'
import { priceToUnits, UNITS_PER_ONE, unitsToPrice } from '@kabu/shared/money/units'
import { addPrint, openBar, type UnitBar } from './bars'
import type { MarketContext } from './context'
import { CorporateActionBook } from './corporate-actions'
import { analyticDayBar } from './day-bar'
import { drawDay, nextVariance, planDay, type DayPlan } from './day'
import { instrumentModel, type InstrumentModel } from './model'
import { levelPath } from './path'
import { pricingFor, type Pricing } from './pricing'
import {
  minutePrints,
  specialQuoteStep,
  type MinutePrints,
  type PrintContext,
  type SpecialQuoteState,
} from './prints'
import { randomStream } from './rng'
import { Tape } from './tape'
import { minuteSummary, quietMinute, quietMinutes, type MinuteSummary } from './minute-summary'
import { isoDateToUtc } from '@kabu/shared/market/iso-date'
import { tseRenewalInterval } from '@kabu/shared/market/limits'
import { widen, yearRangeOfBars, type YearRange } from './year-range'

/** A day walked minute by minute: today's, or the last one walked. */
export interface LiveDay {
  plan: DayPlan
  context: PrintContext
  /** Minute whose prints are loaded, and the next of them to play. */
  minute: number
  prints: MinutePrints | null
  next: number
  /** 1m bars of the minutes that traded, and the day's bar so far (null before the first print). */
  minuteBars: UnitBar[]
  /** Minutes from the day's start folded into `bar` and not kept in `minuteBars` (quietMinute). */
  quiet: number
  bar: UnitBar | null
  done: boolean
  /** TSE special-quote renewal interval in units (Japanese stocks; null elsewhere). */
  renewalInterval: number | null
}

/**
 * When catching up (start, a clock jump), the trading minutes before the last this many are played
 * as one bar each (minute-summary.ts). The last quarter of an hour of trading (before a lunch
 * break or a close too) is played print by print, so the tape and the ticks are real prints.
 */
const PRINT_BY_PRINT_MINUTES = 15

/** How many of the day's minutes have started by `now` (starts ascend). */
function minutesStartedBy(starts: Float64Array, now: number): number {
  let low = 0
  let high = starts.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((starts[mid] ?? 0) <= now) low = mid + 1
    else high = mid
  }
  return low
}

/** Days of 1m bars kept besides the current one, for charts that show a few days. */
const RETAINED_MINUTE_DAYS = 2

/**
 * The days before an instrument's first walked day, priced on demand (a listing of the long tail
 * is built without them; see simulator.ts): their daily bars, oldest first, and the corporate
 * actions among them; or only the 52-week range of those bars, which a market-wide list needs
 * without keeping every code's year of bars in memory.
 */
export interface LazyPast {
  bars(): { bars: UnitBar[]; actions: CorporateAction[] }
  yearRange(): YearRange
  /** Whether `yearRange` is known already (costs nothing). */
  priced(): boolean
}

/**
 * One instrument's simulation. Days before the current one are priced by the daily model alone
 * (fast, for history and clock jumps); the current day is walked print by print along its minute
 * path, so its 1m bars, its daily bar and its quote are aggregates of the same prints. A day being
 * walked when the clock jumps is walked to its end, so its bars stay those of its prints.
 */
export class InstrumentSim {
  readonly model: InstrumentModel
  readonly pricing: Pricing
  private readonly ownHistory: UnitBar[] = []
  readonly pastMinuteDays: Array<{ date: string; bars: UnitBar[] }> = []
  /**
   * When the instrument needs its next look (epoch ms): its next print, its next minute or its
   * next session. Until then `advance` has nothing to play, and the simulator skips it.
   */
  wakeAt = 0
  day: LiveDay | null = null
  /** Splits and dividends reached so far; opened with the first day priced. */
  actions: CorporateActionBook | null = null
  seq = 0
  /** The last prints (time & sales), recorded as they are played. */
  readonly tape = new Tape()
  price: number
  lastPrintAt = 0
  /** TSE special quote in force (Japanese stocks only); null while the code trades normally. */
  special: SpecialQuoteState | null = null
  private variance: number
  private anchor: number
  /** Shares per share of the history's start: volumes grow with every split. */
  private shares = 1
  private lastClose: number
  private pendingDate: string
  /**
   * A new share's offer price (units): its first day opens from it, gapped to the listing's base
   * price (the offer's first-day move); null for a listing with history.
   */
  private debutFrom: number | null

  /** The 52-week range of `history`, kept until a day is added to it. */
  private yearRange: { days: number; range: YearRange } | null = null

  /**
   * `debut.offerPrice`: the listing is a new share whose first trading day is `firstDate`.
   * `past`: the days before `firstDate`, priced when first asked for (bars, 52-week range); then
   * fewer minute days are kept too, as the long tail's charts are rarely opened.
   */
  constructor(
    readonly market: MarketContext,
    readonly listing: Listing,
    firstDate: string,
    debut?: { offerPrice: number },
    private past?: LazyPast,
  ) {
    this.model = instrumentModel(listing)
    this.pricing = pricingFor(listing)
    this.variance = this.model.diffusionVariance
    this.anchor = priceToUnits(listing.basePrice)
    this.debutFrom = debut ? priceToUnits(debut.offerPrice) : null
    this.lastClose = this.pricing.snap(this.debutFrom ?? this.anchor)
    this.price = this.lastClose
    this.pendingDate = firstDate
    this.retainedMinuteDays = past ? 0 : RETAINED_MINUTE_DAYS
  }

  private readonly retainedMinuteDays: number
  private firstPlanned: number | null = null

  /** Daily bars of finished days before `day`, oldest first. */
  get history(): UnitBar[] {
    if (this.past) {
      const { bars, actions } = this.past.bars()
      this.past = undefined
      this.ownHistory.unshift(...bars)
      this.actions?.applied.unshift(...actions)
    }
    return this.ownHistory
  }

  /**
   * Prices every trading day before `date` by the daily model alone, as history: a lazily priced
   * past (lazy-past.ts), which must stop short of `date` whatever the calendar's hours.
   */
  priceDaysBefore(date: string): void {
    while (this.pendingDate < date) {
      const day = this.pendingDate
      this.pendingDate = this.market.nextDay(day)
      if (this.market.sessions(day).length === 0) continue
      const plan = this.planFor(day, date)
      this.ownHistory.push(analyticDayBar(plan, this.pricing))
      this.price = plan.close
    }
  }

  /** Whether a day before `currentDay` is still being walked (a clock jump went past its end). */
  walking(currentDay: string): boolean {
    return this.day !== null && !this.day.done && this.day.plan.date < currentDay
  }

  /** The previous close of the first day walked (units): what a lazily priced past ends on. */
  get firstPrevClose(): number {
    return this.firstPlanned ?? this.lastClose
  }

  /**
   * Plays every print up to `now`. `currentDay` is the market's trading day at `now`: days that
   * ended before it are priced whole; `onPrint` runs after each print played.
   */
  advance(now: number, currentDay: string, onPrint?: () => void): void {
    for (;;) {
      const day = this.day
      if (day && !day.done) {
        if (!this.play(day, now, onPrint)) return
        continue
      }
      const date = this.pendingDate
      const sessions = this.market.sessions(date)
      const first = sessions[0]
      const last = sessions[sessions.length - 1]
      if (!first || !last) {
        // Not a trading day (a calendar that changed under us): nothing to price, move on.
        this.pendingDate = this.market.nextDay(date)
        continue
      }
      if (first.open > now) {
        this.wakeAt = first.open
        return
      }
      const plan = this.planFor(date, currentDay)
      this.pendingDate = this.market.nextDay(date)
      this.retireDay()
      if (last.close <= now && date < currentDay) {
        this.ownHistory.push(analyticDayBar(plan, this.pricing))
        this.price = plan.close
        continue
      }
      this.day = this.startDay(plan)
    }
  }

  /**
   * High and low of the finished days of the year before the current one, as prices: what a
   * 52-week list needs of every code, without building each one's bars (bar-query.ts).
   */
  pastYearRange(): YearRange
  /** With `onlyIfPriced`: undefined rather than pricing a lazily built past (a year of days). */
  pastYearRange(onlyIfPriced: boolean): YearRange | undefined
  pastYearRange(onlyIfPriced = false): YearRange | undefined {
    if (onlyIfPriced && this.past && !this.past.priced()) return undefined
    const days = this.ownHistory.length
    if (this.yearRange?.days !== days) {
      // The past of a listing built lazily stays unpriced unless someone wants its bars.
      const units = this.past
        ? widen(this.past.yearRange(), yearRangeOfBars(this.ownHistory))
        : yearRangeOfBars(this.ownHistory)
      this.yearRange = {
        days,
        range:
          units.high > -Infinity
            ? { high: unitsToPrice(units.high), low: unitsToPrice(units.low) }
            : units,
      }
    }
    return this.yearRange.range
  }

  private planFor(date: string, currentDay: string): DayPlan {
    const { seed, factorEnd } = this.market
    this.exDate(date, currentDay)
    const shocks = drawDay(
      seed,
      this.listing.code,
      factorEnd(date),
      date,
      this.variance,
      this.model,
    )
    if (this.debutFrom !== null) {
      // The first day's open is the offer's first-day move from the offer price (then the limits).
      shocks.gap += Math.log(this.anchor / this.lastClose)
      this.debutFrom = null
    }
    const plan = planDay(
      date,
      shocks,
      this.lastClose,
      this.anchor,
      this.shares === 1
        ? this.model
        : { ...this.model, averageVolume: this.model.averageVolume * this.shares },
      this.pricing,
      this.listing.lot,
    )
    this.variance = nextVariance(shocks, this.model)
    this.firstPlanned ??= plan.prevClose
    this.lastClose = plan.close
    return plan
  }

  /** Corporate actions going ex on `date` move yesterday's close to the reference price. */
  private exDate(date: string, currentDay: string): void {
    if (!this.actions) {
      this.actions = new CorporateActionBook(this.market.seed, this.listing, date, currentDay)
      this.anchor *= this.actions.startLevel
      this.shares /= this.actions.startLevel
      const start = this.debutFrom === null ? this.anchor : this.debutFrom * this.actions.startLevel
      this.lastClose = this.pricing.snap(start)
    }
    const ex = this.actions.exDate(date, this.lastClose)
    this.lastClose = ex.prevClose
    this.anchor *= ex.factor
    this.shares *= ex.shares
  }

  private retireDay(): void {
    const day = this.day
    if (!day) return
    if (day.bar) this.ownHistory.push(day.bar)
    if (this.retainedMinuteDays > 0)
      this.pastMinuteDays.push({ date: day.plan.date, bars: this.minuteBarsOf(day) })
    if (this.pastMinuteDays.length > this.retainedMinuteDays) this.pastMinuteDays.shift()
    this.day = null
  }

  private startDay(plan: DayPlan): LiveDay {
    this.special = null
    const grid = this.market.grid(plan.date)
    const random = randomStream(this.market.seed, 'intraday', this.listing.code, plan.date)
    const levels = levelPath(plan, this.model, grid, this.market.factor(plan.date), random)
    const context = {
      plan,
      grid,
      levels,
      model: this.model,
      pricing: this.pricing,
      lot: this.listing.lot,
    }
    return {
      plan,
      context,
      minute: -1,
      prints: null,
      next: 0,
      minuteBars: [],
      quiet: 0,
      bar: null,
      done: false,
      renewalInterval:
        this.listing.market === 'jp' && this.listing.kind === 'stock'
          ? tseRenewalInterval(unitsToPrice(plan.prevClose)) * UNITS_PER_ONE
          : null,
    }
  }

  /** Plays the day's prints up to `now`; true when the day has no prints left. */
  private play(day: LiveDay, now: number, onPrint?: () => void): boolean {
    const { grid } = day.context
    for (;;) {
      const prints = day.prints
      if (prints && day.next < prints.times.length) {
        const time = prints.times[day.next] ?? 0
        if (time > now) {
          this.wakeAt = time
          return false
        }
        const i = day.next++
        const price = prints.prices[i] ?? 0
        if (this.passesSpecialQuote(day, time, price, this.dayEdge(day, i, prints), onPrint)) {
          this.applyPrint(day, time, price, prints.quantities[i] ?? 0)
          onPrint?.()
        }
        continue
      }
      const minute = day.minute + 1
      if (minute >= grid.starts.length) {
        day.done = true
        return true
      }
      const start = grid.starts[minute] ?? 0
      if (start > now) {
        this.wakeAt = start
        return false
      }
      day.minute = minute
      day.next = 0
      if (minute < minutesStartedBy(grid.starts, now) - PRINT_BY_PRINT_MINUTES) {
        day.prints = null
        if (this.listing.simulatedFacts && day.quiet === minute) {
          // A run of quiet minutes from the day's start: one fold, their bars made when asked for.
          const upTo = minutesStartedBy(grid.starts, now) - PRINT_BY_PRINT_MINUTES
          const folded = quietMinutes(day.context, minute, upTo)
          day.quiet = upTo
          day.minute = upTo - 1
          if (folded) this.applyMinute(day, folded, false)
          continue
        }
        const summary = this.listing.simulatedFacts
          ? quietMinute(day.context, minute)
          : minuteSummary(day.context, minute, this.printStream(grid.date, minute))
        if (summary) this.applyMinute(day, summary)
        continue
      }
      day.prints = minutePrints(day.context, minute, this.printStream(grid.date, minute))
    }
  }

  private printStream(date: string, minute: number) {
    return randomStream(this.market.seed, 'prints', this.listing.code, date, minute)
  }

  /** Whether print `i` of the current minute is the day's first (its open) or last (its close). */
  private dayEdge(day: LiveDay, i: number, prints: MinutePrints): boolean {
    const lastMinute = day.context.grid.starts.length - 1
    return (
      (day.minute === 0 && i === 0) || (day.minute === lastMinute && i === prints.times.length - 1)
    )
  }

  /**
   * The TSE special-quote rule (MARKET-RULES.md §1) between prints of a Japanese stock: true when
   * the print trades. A print swallowed by the rule publishes nothing unless the quote moved (then
   * `seq` moves too, so clients take the new quote). The open and the close are auctions that
   * always print, which also ends a special quote left at the close.
   */
  private passesSpecialQuote(
    day: LiveDay,
    time: number,
    price: number,
    edge: boolean,
    onQuote?: () => void,
  ): boolean {
    const interval = day.renewalInterval
    if (interval === null) return true
    if (edge) {
      this.special = null
      return true
    }
    const before = this.special
    const step = specialQuoteStep(before, this.price, price, time, interval, day.plan.limits)
    this.special = step.special
    if (step.trades) return true
    if (before?.price !== step.special?.price || before?.side !== step.special?.side) {
      this.seq++
      onQuote?.()
    }
    return false
  }

  /** A minute long past, as one bar (minute-summary.ts): its prints count, the tape has none. */
  private applyMinute(day: LiveDay, { bar, count, lastAt }: MinuteSummary, keep = true): void {
    this.seq += count
    this.lastPrintAt = lastAt
    this.price = bar.close
    this.special = null
    const dayBar = day.bar
    if (!dayBar) day.bar = { ...bar, time: isoDateToUtc(day.plan.date) / 1000 }
    else {
      dayBar.high = Math.max(dayBar.high, bar.high)
      dayBar.low = Math.min(dayBar.low, bar.low)
      dayBar.close = bar.close
      dayBar.volume += bar.volume
      dayBar.turnover += bar.turnover
    }
    if (keep) day.minuteBars.push(bar)
  }

  /** The 1m bars of `day`: its quiet minutes (not kept, see quietMinute) made again, then the rest. */
  minuteBarsOf(day: LiveDay): UnitBar[] {
    if (day.quiet === 0) return day.minuteBars
    const bars: UnitBar[] = []
    for (let j = 0; j < day.quiet; j++) {
      const minute = quietMinute(day.context, j)
      if (minute) bars.push(minute.bar)
    }
    return [...bars, ...day.minuteBars]
  }

  private applyPrint(day: LiveDay, time: number, price: number, quantity: number): void {
    this.seq++
    this.lastPrintAt = time
    this.price = price
    if (day.bar) addPrint(day.bar, price, quantity)
    else day.bar = openBar(isoDateToUtc(day.plan.date) / 1000, price, quantity)
    const minuteStart = (day.context.grid.starts[day.minute] ?? 0) / 1000
    const minuteBar = day.minuteBars[day.minuteBars.length - 1]
    if (minuteBar && minuteBar.time === minuteStart) addPrint(minuteBar, price, quantity)
    else day.minuteBars.push(openBar(minuteStart, price, quantity))
    this.tape.record(this.seq, time, price, quantity)
  }
}
