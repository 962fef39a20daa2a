import type { Listing } from '@kabu/shared/market/types'
import { priceToUnits } from '@kabu/shared/money/units'
import { addPrint, openBar, type UnitBar } from './bars'
import type { MarketContext } from './context'
import { analyticDayBar } from './day-bar'
import { drawDay, nextVariance, planDay, type DayPlan } from './day'
import { instrumentModel, type InstrumentModel } from './model'
import { levelPath } from './path'
import { pricingFor, type Pricing } from './pricing'
import { minutePrints, type MinutePrints, type PrintContext } from './prints'
import { randomStream } from './rng'
import { isoDateToUtc } from '@kabu/shared/market/iso-date'

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
  bar: UnitBar | null
  done: boolean
}

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
  /** Daily bars of finished days before `day`. */
  readonly history: UnitBar[] = []
  readonly pastMinuteDays: Array<{ date: string; bars: UnitBar[] }> = []
  day: LiveDay | null = null
  seq = 0
  price: number
  lastPrintAt = 0
  private variance: number
  private readonly anchor: number
  private lastClose: number
  private pendingDate: string

  constructor(
    private readonly market: MarketContext,
    readonly listing: Listing,
    firstDate: string,
  ) {
    this.model = instrumentModel(listing)
    this.pricing = pricingFor(listing)
    this.variance = this.model.diffusionVariance
    this.anchor = priceToUnits(listing.basePrice)
    this.lastClose = this.pricing.snap(this.anchor)
    this.price = this.lastClose
    this.pendingDate = firstDate
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
      if (first.open > now) return
      const plan = this.planFor(date)
      this.pendingDate = this.market.nextDay(date)
      this.retireDay()
      if (last.close <= now && date < currentDay) {
        this.history.push(analyticDayBar(plan, this.pricing))
        this.price = plan.close
        continue
      }
      this.day = this.startDay(plan)
    }
  }

  private planFor(date: string): DayPlan {
    const { seed, factorEnd } = this.market
    const shocks = drawDay(
      seed,
      this.listing.code,
      factorEnd(date),
      date,
      this.variance,
      this.model,
    )
    const plan = planDay(
      date,
      shocks,
      this.lastClose,
      this.anchor,
      this.model,
      this.pricing,
      this.listing.lot,
    )
    this.variance = nextVariance(shocks, this.model)
    this.lastClose = plan.close
    return plan
  }

  private retireDay(): void {
    const day = this.day
    if (!day) return
    if (day.bar) this.history.push(day.bar)
    this.pastMinuteDays.push({ date: day.plan.date, bars: day.minuteBars })
    if (this.pastMinuteDays.length > RETAINED_MINUTE_DAYS) this.pastMinuteDays.shift()
    this.day = null
  }

  private startDay(plan: DayPlan): LiveDay {
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
      bar: null,
      done: false,
    }
  }

  /** Plays the day's prints up to `now`; true when the day has no prints left. */
  private play(day: LiveDay, now: number, onPrint?: () => void): boolean {
    const { grid } = day.context
    for (;;) {
      const prints = day.prints
      if (prints && day.next < prints.times.length) {
        const time = prints.times[day.next] ?? 0
        if (time > now) return false
        this.applyPrint(day, time, prints.prices[day.next] ?? 0, prints.quantities[day.next] ?? 0)
        day.next++
        onPrint?.()
        continue
      }
      const minute = day.minute + 1
      if (minute >= grid.starts.length) {
        day.done = true
        return true
      }
      if ((grid.starts[minute] ?? 0) > now) return false
      const random = randomStream(this.market.seed, 'prints', this.listing.code, grid.date, minute)
      day.prints = minutePrints(day.context, minute, random)
      day.minute = minute
      day.next = 0
    }
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
  }
}
