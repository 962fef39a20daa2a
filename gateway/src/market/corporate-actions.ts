import { dividendFactor, splitFactor } from '@kabu/shared/market/adjust'
import type { CorporateAction, Listing, Market } from '@kabu/shared/market/types'
import { unitsToPrice } from '@kabu/shared/money/units'
import { randomStream } from './rng'

/**
 * Corporate actions of the simulated market: cash dividends on each market's usual rhythm (Japan
 * twice a year around the March and September record dates, the US quarterly, China once a year
 * after the spring AGMs) and now and then a split. The schedule is drawn from the seed alone, per
 * listing and calendar year, so history and a running simulator agree on it; a dividend's cash is
 * fixed only when its ex-date is reached, as a yield of the close before it.
 */
export interface ScheduledAction {
  /** The action goes ex on the first trading day on or after this date. */
  target: string
  kind: 'split' | 'dividend'
  /** split: new shares per old share (0.2 for a 1:5 reverse split). */
  ratio?: number
  /** dividend: cash as a share of the close before the ex-date. */
  yieldShare?: number
}

/** Chance that a stock splits in a given calendar year. */
const SPLIT_CHANCE = 0.1
/** Below these prices a split is sometimes a reverse one (1:5), a rescue of a low quote. */
const REVERSE_BELOW: Record<Market, number> = { jp: 300, us: 10, cn: 4 }
/** Annual dividend yield range and the share of stocks that pay none (growth stocks, losses). */
const DIVIDEND_POLICY: Record<Market, { low: number; high: number; none: number }> = {
  jp: { low: 0.01, high: 0.035, none: 0.1 },
  us: { low: 0.003, high: 0.03, none: 0.3 },
  cn: { low: 0.01, high: 0.045, none: 0.2 },
}
/** Dividends are declared in these steps of the currency: ¥0.5, ¢1, ¥0.01 (CNY). */
const CASH_STEP_UNITS: Record<Market, number> = { jp: 5_000, us: 100, cn: 100 }

const pad = (n: number) => String(n).padStart(2, '0')
const dateOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`

/** A listing's actions targeted in one calendar year, in date order. Indices have none. */
export function scheduleFor(seed: number, listing: Listing, year: number): ScheduledAction[] {
  if (listing.kind !== 'stock') return []
  const { market } = listing
  const actions: ScheduledAction[] = []
  const policy = DIVIDEND_POLICY[market]
  const habit = randomStream(seed, 'dividend-policy', listing.code)
  const pays = habit.uniform() >= policy.none
  const annualYield = policy.low + (policy.high - policy.low) * habit.uniform()
  // The US quarter's first month (Jan, Feb or Mar) and a day: each payer keeps its own dates.
  const quarterMonth = 1 + Math.floor(habit.uniform() * 3)
  const day = 1 + Math.floor(habit.uniform() * 28)
  if (pays) {
    const months =
      market === 'jp'
        ? [3, 9]
        : market === 'us'
          ? [0, 3, 6, 9].map((m) => quarterMonth + m)
          : [6 + Math.floor(habit.uniform() * 2)]
    for (const month of months) {
      // Japan goes ex two business days before the month-end record date, near the 27th.
      const target = dateOf(year, month, market === 'jp' ? 26 : day)
      actions.push({ target, kind: 'dividend', yieldShare: annualYield / months.length })
    }
  }
  const draw = randomStream(seed, 'split', listing.code, year)
  if (draw.uniform() < SPLIT_CHANCE) {
    const month = 1 + Math.floor(draw.uniform() * 12)
    const splitDay = 1 + Math.floor(draw.uniform() * 28)
    const kind = draw.uniform()
    const reverse = listing.basePrice < REVERSE_BELOW[market] && kind < 0.5
    const ratio = reverse ? 0.2 : kind < 0.7 ? 2 : 3
    actions.push({ target: dateOf(year, month, splitDay), kind: 'split', ratio })
  }
  return actions.sort((a, b) => (a.target < b.target ? -1 : a.target > b.target ? 1 : 0))
}

/**
 * Actions targeted in the dates (after, upTo]: the ones a trading day `upTo` goes ex on. `yearly`
 * gives a year's schedule ({@link scheduleFor}, or a cache of it).
 */
export function scheduledBetween(
  yearly: (year: number) => ScheduledAction[],
  after: string,
  upTo: string,
): ScheduledAction[] {
  const out: ScheduledAction[] = []
  for (let year = Number(after.slice(0, 4)); year <= Number(upTo.slice(0, 4)); year++) {
    for (const action of yearly(year)) {
      if (action.target > after && action.target <= upTo) out.push(action)
    }
  }
  return out
}

/** What an ex-date does to the day's reference price (units) and to the share count. */
export interface ExDate {
  prevClose: number
  /** ∏ f of the day's actions: the anchor price moves with it. */
  factor: number
  /** ∏ split ratios of the day's actions: volumes in shares move with it. */
  shares: number
}

/**
 * One instrument's actions as its simulation reaches them. The history starts before the splits of
 * the first year: its price level starts higher (and its volumes lower) by those splits, so the
 * price after them sits near the listing's recent level, as in the real record.
 */
export class CorporateActionBook {
  /** Actions whose ex-date has been reached, oldest first. */
  readonly applied: CorporateAction[] = []
  /** Multiple of the listing's base price the history starts from. */
  readonly startLevel: number
  private lastDate: string
  // Every trading day asks for its year's schedule: draw each year once.
  private readonly years = new Map<number, ScheduledAction[]>()

  constructor(
    private readonly seed: number,
    private readonly listing: Listing,
    firstDate: string,
    horizon: string,
  ) {
    this.lastDate = firstDate
    let level = 1
    for (const action of scheduledBetween(this.yearly, firstDate, horizon)) {
      if (action.kind === 'split') level *= action.ratio ?? 1
    }
    this.startLevel = level
  }

  /**
   * Trading day `date` begins after a close of `prevClose` units: applies the actions it goes ex
   * on and returns the reference price the day trades from (Pref of MARKET-RULES.md §5).
   */
  exDate(date: string, prevClose: number): ExDate {
    const due = scheduledBetween(this.yearly, this.lastDate, date)
    this.lastDate = date
    let reference = prevClose
    let factor = 1
    let shares = 1
    for (const action of due) {
      if (action.kind === 'split') {
        const ratio = action.ratio ?? 1
        reference = Math.round(reference / ratio)
        factor *= splitFactor(ratio)
        shares *= ratio
        this.record({ date, kind: 'split', ratio, factor: splitFactor(ratio) })
        continue
      }
      const step = CASH_STEP_UNITS[this.listing.market]
      const cash = Math.max(step, Math.round((reference * (action.yieldShare ?? 0)) / step) * step)
      // A dividend cannot take the price to nothing; a tiny price simply skips it.
      if (cash >= reference / 2) continue
      const f = dividendFactor(cash, reference)
      this.record({ date, kind: 'dividend', cash: unitsToPrice(cash), factor: f })
      reference -= cash
      factor *= f
    }
    return { prevClose: reference, factor, shares }
  }

  private readonly yearly = (year: number): ScheduledAction[] => {
    let actions = this.years.get(year)
    if (!actions) {
      actions = scheduleFor(this.seed, this.listing, year)
      this.years.set(year, actions)
    }
    return actions
  }

  private record(action: Omit<CorporateAction, 'code'>): void {
    this.applied.push({ code: this.listing.code, ...action })
  }
}
