import { isoDateToUtc } from '@kabu/shared/market/iso-date'
import { localDate } from '@kabu/shared/market/time-zone'
import type { Bar, BarInterval, Listing, Quote } from '@kabu/shared/market/types'
import { priceToUnits, unitsToPrice } from '@kabu/shared/money/units'
import { addPrint, aggregate, fromWire, openBar, periodStart, toWire, type UnitBar } from '../bars'
import { pricingFor, type Pricing } from '../pricing'
import type { RealSourceKind, SourceDayBar, SourceTick } from './types'

/** Days of 1m bars kept, as the simulator keeps (today and the two before). */
const RETAINED_MINUTES = 3 * 24 * 60
const DAILY_OR_LONGER: ReadonlySet<BarInterval> = new Set(['1d', '1w', '1M', '1y'])

/**
 * One code's quote and bars built from what a real source delivers: ticks make 1m bars and the
 * day's bar, replayed daily bars are the daily history themselves. Prices are snapped onto the
 * listing's tick grid (orders are checked against it) and kept in integer units like the
 * simulator's, so quotes and bars of real and simulated codes read the same.
 */
export class LiveBook {
  private readonly pricing: Pricing
  private readonly daily: UnitBar[] = []
  private readonly minutes: UnitBar[] = []
  private day: { date: string; bar: UnitBar; volume: number } | null = null
  private prevClose = 0
  private price = 0
  private seq = 0
  private lastPrintAt = 0

  constructor(readonly listing: Listing) {
    this.pricing = pricingFor(listing)
  }

  get delivered(): boolean {
    return this.seq > 0
  }

  /** A print; the day's bar rolls over on the exchange's local date. */
  print(tick: SourceTick): void {
    const price = this.units(tick.price)
    const date = localDate(this.listing.market, tick.time)
    if (this.day && this.day.date !== date) this.closeDay()
    if (tick.prevClose !== undefined) this.prevClose = this.units(tick.prevClose)
    // Endpoints report the day's cumulative volume: a print's quantity is what it added.
    const before = this.day?.volume ?? 0
    const dayVolume = tick.dayVolume ?? before + (tick.quantity ?? 0)
    const quantity = Math.max(0, dayVolume - before)
    if (this.day) addPrint(this.day.bar, price, quantity)
    else this.day = { date, bar: openBar(isoDateToUtc(date) / 1000, price, quantity), volume: 0 }
    this.day.volume = Math.max(this.day.volume, dayVolume)
    const minute = Math.floor(tick.time / 60_000) * 60
    const last = this.minutes[this.minutes.length - 1]
    if (last && last.time === minute) addPrint(last, price, quantity)
    else this.minutes.push(openBar(minute, price, quantity))
    if (this.minutes.length > RETAINED_MINUTES) this.minutes.shift()
    this.settle(price, tick.time)
  }

  /**
   * A print of this code as the cluster's leader published it (issue 16), on a follower whose own
   * source does not run: printed as the leader's source printed it, so the follower's minute bars
   * are the leader's; then the day's bar takes the open, high, low and turnover the quote says,
   * which are the leader's day bar, so a follower that joined during the day has its whole day.
   * Not for a replayed daily series, whose quote says no date (replay-steps.ts follows those).
   */
  follow(quote: Quote): void {
    this.print({
      code: quote.code,
      price: quote.price,
      dayVolume: quote.volume,
      time: quote.time,
      // A quote says the price for a previous close it does not know (see `quote`).
      ...(quote.prevClose !== quote.price && { prevClose: quote.prevClose }),
    })
    this.takeDayBar(quote)
  }

  /**
   * The day so far as the cluster's leader kept it (issue 16), on a gateway that joined late: its
   * 1m bars up to and with `quote`'s print, and the day's bar that quote says. They replace the
   * minutes of that day this book has, so the prints followed from then on (those after `quote`)
   * add to them as on a gateway that followed from the day's start, none counted twice. Ignored
   * when this book is on a later day already.
   */
  followDay(minutes: readonly Bar[], quote: Quote): void {
    const { market } = this.listing
    const date = localDate(market, quote.time)
    if (this.day && this.day.date > date) return
    if (this.day && this.day.date !== date) this.closeDay()
    const before = this.minutes.filter((bar) => localDate(market, bar.time * 1000) < date)
    const kept = minutes.filter((bar) => localDate(market, bar.time * 1000) === date).map(fromWire)
    this.minutes.splice(0, this.minutes.length, ...[...before, ...kept].slice(-RETAINED_MINUTES))
    const price = this.units(quote.price)
    const bar = openBar(isoDateToUtc(date) / 1000, price, quote.volume)
    this.day = { date, bar, volume: quote.volume }
    this.takeDayBar(quote)
    // A quote says the price for a previous close it does not know (see `quote`).
    if (quote.prevClose !== quote.price) this.prevClose = this.units(quote.prevClose)
    this.settle(price, quote.time)
  }

  /** The 1m bar the last print went into (what a cluster's leader keeps of the day). */
  lastMinute(): Bar | undefined {
    const last = this.minutes[this.minutes.length - 1]
    return last && toWire(last)
  }

  /** The day's bar takes the open, high, low and turnover a leader's quote says, its own day's. */
  private takeDayBar(quote: Quote): void {
    const bar = this.day?.bar
    if (!bar) return
    bar.open = this.units(quote.open)
    bar.high = Math.max(this.units(quote.high), bar.close)
    bar.low = Math.min(this.units(quote.low), bar.close)
    bar.turnover = priceToUnits(quote.turnover)
  }

  /** A price of the source as this code's quotes say it: snapped onto its tick grid. */
  snapped(price: number): number {
    return unitsToPrice(this.units(price))
  }

  /** A price of the source in units, snapped onto this code's tick grid. */
  private units(price: number): number {
    return this.pricing.snap(priceToUnits(price))
  }

  /** A replayed day: the day's bar as it closed. */
  playDay(row: SourceDayBar, time: number): void {
    if (this.day) this.closeDay()
    const close = this.units(row.close)
    const bar: UnitBar = {
      time: isoDateToUtc(row.date) / 1000,
      open: this.units(row.open),
      high: this.units(row.high),
      low: this.units(row.low),
      close,
      volume: row.volume,
      turnover: close * row.volume,
    }
    this.day = { date: row.date, bar, volume: row.volume }
    this.settle(close, time)
  }

  /** The quote now, saying which source it comes from and whether that source serves it delayed. */
  quote(trading: boolean, source: RealSourceKind, delayed = false): Quote {
    const { listing, price } = this
    const prevClose = this.prevClose || price
    const bar = this.day?.bar
    const limits = this.pricing.limits(prevClose)
    const change = price - prevClose
    return {
      code: listing.code,
      market: listing.market,
      kind: listing.kind,
      name: listing.name,
      price: unitsToPrice(price),
      prevClose: unitsToPrice(prevClose),
      open: unitsToPrice(bar?.open ?? price),
      high: unitsToPrice(bar?.high ?? price),
      low: unitsToPrice(bar?.low ?? price),
      volume: bar?.volume ?? 0,
      turnover: unitsToPrice(bar?.turnover ?? 0),
      change: unitsToPrice(change),
      changePct: prevClose > 0 ? Math.round((change / prevClose) * 10_000) / 100 : 0,
      marketCap: Math.round(unitsToPrice(price) * listing.sharesOutstanding),
      limitUp: limits ? unitsToPrice(limits.up) : null,
      limitDown: limits ? unitsToPrice(limits.down) : null,
      time: this.lastPrintAt,
      seq: this.seq,
      trading,
      source,
      ...(delayed && { delayed }),
    }
  }

  /** Bars whose start lies in [from, to] (epoch seconds), as bar-query.ts answers for the simulator. */
  bars(interval: BarInterval, from?: number, to?: number): Bar[] {
    const source = DAILY_OR_LONGER.has(interval)
      ? [...this.daily, ...(this.day ? [this.day.bar] : [])]
      : this.minutes
    const lowest = from ?? -Infinity
    const highest = to ?? Infinity
    return aggregate(source, periodStart(interval)).filter(
      (bar) => bar.time >= lowest && bar.time <= highest,
    )
  }

  private closeDay(): void {
    if (!this.day) return
    this.daily.push(this.day.bar)
    this.prevClose = this.day.bar.close
    this.day = null
  }

  private settle(price: number, time: number): void {
    this.price = price
    this.lastPrintAt = time
    this.seq++
  }
}
