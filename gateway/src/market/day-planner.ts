import type { Listing } from '@kabu/shared/market/types'
import { priceToUnits } from '@kabu/shared/money/units'
import type { MarketContext } from './context'
import { CorporateActionBook } from './corporate-actions'
import { drawDay, nextVariance, planDay, type DayPlan } from './day'
import type { InstrumentModel } from './model'
import type { Pricing } from './pricing'

/**
 * One instrument's daily model, day after day: each trading day's plan from yesterday's close, the
 * variance carried from day to day and the level prices revert to, with splits and dividends moving
 * the close and that level on their ex dates. InstrumentSim prices past days from these plans alone
 * and walks the current one along its minute path; either way each day is planned here, in order.
 */
export class DayPlanner {
  /** Splits and dividends reached so far; opened with the first day planned. */
  actions: CorporateActionBook | null = null
  private variance: number
  private anchor: number
  /** Shares per share of the history's start: volumes grow with every split. */
  private shares = 1
  private lastClose: number
  /**
   * A new share's offer price (units): its first day opens from it, gapped to the listing's base
   * price (the offer's first-day move); null for a listing with history.
   */
  private debutFrom: number | null
  private firstPlanned: number | null = null

  constructor(
    private readonly market: MarketContext,
    private readonly listing: Listing,
    private readonly model: InstrumentModel,
    private readonly pricing: Pricing,
    debut?: { offerPrice: number },
  ) {
    this.variance = this.model.diffusionVariance
    this.anchor = priceToUnits(listing.basePrice)
    this.debutFrom = debut ? priceToUnits(debut.offerPrice) : null
    this.lastClose = this.pricing.snap(this.debutFrom ?? this.anchor)
  }

  /** The level the instrument starts from (units), before any day is planned. */
  get startPrice(): number {
    return this.lastClose
  }

  /** The previous close of the first day planned (units): what a lazily priced past ends on. */
  get firstPrevClose(): number {
    return this.firstPlanned ?? this.lastClose
  }

  /** The plan of `date`, the next trading day after the last one planned. */
  plan(date: string, currentDay: string): DayPlan {
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
}
