import type { Listing } from '@kabu/shared/market/types'
import type { UnitBar } from './bars'
import type { MarketContext } from './context'
import type { CorporateActionBook } from './corporate-actions'
import { DailyHistory, type LazyPast } from './daily-history'
import { analyticDayBar } from './day-bar'
import type { DayPlan } from './day'
import { DayPlanner } from './day-planner'
import {
  addDayPrint,
  addMinuteBar,
  dayEdge,
  minuteBarsOf,
  minutesStartedBy,
  PRINT_BY_PRINT_MINUTES,
  startLiveDay,
  type LiveDay,
} from './live-day'
import { instrumentModel, type InstrumentModel } from './model'
import { pricingFor, type Pricing } from './pricing'
import { minutePrints, specialQuoteStep, type SpecialQuoteState } from './prints'
import { randomStream } from './rng'
import { Tape } from './tape'
import { minuteSummary, quietMinute, quietMinutes, type MinuteSummary } from './minute-summary'
import type { YearRange } from './year-range'

/** Days of 1m bars kept besides the current one, for charts that show a few days. */
const RETAINED_MINUTE_DAYS = 2

/**
 * One instrument's simulation. Days before the current one are priced by the daily model alone
 * (fast, for history and clock jumps); the current day is walked print by print along its minute
 * path, so its 1m bars, its daily bar and its quote are aggregates of the same prints. A day being
 * walked when the clock jumps is walked to its end, so its bars stay those of its prints.
 */
export class InstrumentSim {
  readonly model: InstrumentModel
  readonly pricing: Pricing
  private readonly days: DailyHistory
  readonly pastMinuteDays: Array<{ date: string; bars: UnitBar[] }> = []
  /**
   * When the instrument needs its next look (epoch ms): its next print, its next minute or its
   * next session. Until then `advance` has nothing to play, and the simulator skips it.
   */
  wakeAt = 0
  day: LiveDay | null = null
  seq = 0
  /** The last prints (time & sales), recorded as they are played. */
  readonly tape = new Tape()
  price: number
  lastPrintAt = 0
  /** TSE special quote in force (Japanese stocks only); null while the code trades normally. */
  special: SpecialQuoteState | null = null
  private readonly planner: DayPlanner
  private pendingDate: string

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
    past?: LazyPast,
  ) {
    this.model = instrumentModel(listing)
    this.pricing = pricingFor(listing)
    this.planner = new DayPlanner(market, listing, this.model, this.pricing, debut)
    this.price = this.planner.startPrice
    this.days = new DailyHistory(past, () => this.planner.actions)
    this.pendingDate = firstDate
    this.retainedMinuteDays = past ? 0 : RETAINED_MINUTE_DAYS
  }

  private readonly retainedMinuteDays: number

  /** Splits and dividends reached so far; opened with the first day priced. */
  get actions(): CorporateActionBook | null {
    return this.planner.actions
  }

  /** Daily bars of finished days before `day`, oldest first. */
  get history(): UnitBar[] {
    return this.days.bars
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
      const plan = this.planner.plan(day, date)
      this.days.push(analyticDayBar(plan, this.pricing))
      this.price = plan.close
    }
  }

  /** Whether a day before `currentDay` is still being walked (a clock jump went past its end). */
  walking(currentDay: string): boolean {
    return this.day !== null && !this.day.done && this.day.plan.date < currentDay
  }

  /** The previous close of the first day walked (units): what a lazily priced past ends on. */
  get firstPrevClose(): number {
    return this.planner.firstPrevClose
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
      const plan = this.planner.plan(date, currentDay)
      this.pendingDate = this.market.nextDay(date)
      this.retireDay()
      if (last.close <= now && date < currentDay) {
        this.days.push(analyticDayBar(plan, this.pricing))
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
    return this.days.pastYearRange(onlyIfPriced)
  }

  private retireDay(): void {
    const day = this.day
    if (!day) return
    if (day.bar) this.days.push(day.bar)
    if (this.retainedMinuteDays > 0)
      this.pastMinuteDays.push({ date: day.plan.date, bars: this.minuteBarsOf(day) })
    if (this.pastMinuteDays.length > this.retainedMinuteDays) this.pastMinuteDays.shift()
    this.day = null
  }

  private startDay(plan: DayPlan): LiveDay {
    this.special = null
    return startLiveDay(this.market, this.listing, this.model, this.pricing, plan)
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
        if (this.passesSpecialQuote(day, time, price, dayEdge(day, i, prints), onPrint)) {
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
    addMinuteBar(day, bar, keep)
  }

  /** The 1m bars of `day`: its quiet minutes (not kept, see quietMinute) made again, then the rest. */
  minuteBarsOf(day: LiveDay): UnitBar[] {
    return minuteBarsOf(day)
  }

  private applyPrint(day: LiveDay, time: number, price: number, quantity: number): void {
    this.seq++
    this.lastPrintAt = time
    this.price = price
    addDayPrint(day, price, quantity)
    this.tape.record(this.seq, time, price, quantity)
  }
}
