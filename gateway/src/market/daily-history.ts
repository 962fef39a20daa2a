import type { CorporateAction } from '@kabu/shared/market/types'
import { unitsToPrice } from '@kabu/shared/money/units'
import type { UnitBar } from './bars'
import type { CorporateActionBook } from './corporate-actions'
import { widen, yearRangeOfBars, type YearRange } from './year-range'

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
 * An instrument's finished days as daily bars: those it priced or walked itself, after those of a
 * lazily priced past once someone asks for the bars (then the past's corporate actions join the
 * instrument's book, `actions`).
 */
export class DailyHistory {
  private readonly ownBars: UnitBar[] = []
  /** The 52-week range of the bars, kept until a day is added to them. */
  private yearRange: { days: number; range: YearRange } | null = null

  constructor(
    private past: LazyPast | undefined,
    private readonly actions: () => CorporateActionBook | null,
  ) {}

  /** Daily bars of finished days, oldest first. */
  get bars(): UnitBar[] {
    if (this.past) {
      const { bars, actions } = this.past.bars()
      this.past = undefined
      this.ownBars.unshift(...bars)
      this.actions()?.applied.unshift(...actions)
    }
    return this.ownBars
  }

  /** Adds a finished day (the newest). */
  push(bar: UnitBar): void {
    this.ownBars.push(bar)
  }

  /**
   * High and low of the finished days, as prices. With `onlyIfPriced`: undefined rather than
   * pricing a lazily built past (a year of days).
   */
  pastYearRange(onlyIfPriced: boolean): YearRange | undefined {
    if (onlyIfPriced && this.past && !this.past.priced()) return undefined
    const days = this.ownBars.length
    if (this.yearRange?.days !== days) {
      // The past of a listing built lazily stays unpriced unless someone wants its bars.
      const units = this.past
        ? widen(this.past.yearRange(), yearRangeOfBars(this.ownBars))
        : yearRangeOfBars(this.ownBars)
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
}
