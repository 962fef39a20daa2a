/**
 * Market depth on the wire (API.md `/api/market/depth`, the `/quotes` `depth` event): the order book
 * (板), the time & sales tape (歩み値) and today's VWAP. Prices are JSON numbers on the tick grid;
 * sizes are shares, always whole lots.
 */

/** One price level of the book: the shares resting at `price`. */
export interface BookLevel {
  price: number
  size: number
}

/** The aggressor side of a print by the tick rule: up-tick buy, down-tick sell, zero tick as before. */
export type PrintSide = 'buy' | 'sell'

/** One print of the tape. `seq` is the quote's `seq` after it, so a client can merge without doubles. */
export interface TapePrint {
  seq: number
  /** Epoch milliseconds. */
  time: number
  price: number
  /** Shares (index prints: 0). */
  size: number
  side: PrintSide
}

/**
 * The book and tape of one code. `bids` run from the best (highest) price down, `asks` from the
 * best (lowest) up; the best bid is always below the best ask and no level lies beyond the day's
 * limits. `tape` is newest first. `vwap` is Σ price·size / Σ size over today's prints, null before
 * the first print with a size (and for indices).
 *
 * @example
 * { code: '7203', bids: [{ price: 2899.5, size: 4200 }], asks: [{ price: 2900, size: 3100 }],
 *   tape: [{ seq: 812, time: 1773118800000, price: 2900, size: 300, side: 'buy' }],
 *   vwap: 2893.41, time: 1773118800000, dayStart: 1773100800000 }
 */
export interface Depth {
  code: string
  bids: BookLevel[]
  asks: BookLevel[]
  tape: TapePrint[]
  vwap: number | null
  /** Epoch milliseconds of the last print. */
  time: number
  /**
   * Epoch milliseconds of the trading day's open: the tape and VWAP count from it, so a screen left
   * open across a day change drops the prints it holds from before (epoch 0 when no day has run).
   */
  dayStart: number
}

/** Prints a depth answer's tape holds at most. */
export const TAPE_LENGTH = 50

/** Levels per side a book shows when the limits leave room. */
export const BOOK_LEVELS = 10

/**
 * Company facts (`/api/market/company`). Fundamentals are simulated (`simulated: true`): derived
 * from the listing, not reported figures. Ratios use the current price; `null` where they have no
 * meaning (an index, a loss-making year for PE).
 */
export interface CompanyFacts {
  code: string
  sector: string
  sharesOutstanding: number
  /** price × shares outstanding, in the market's currency. */
  marketCap: number
  /** Earnings per share over the last year, in the market's currency. */
  eps: number | null
  /** price / EPS. */
  pe: number | null
  /** Price to book. */
  pb: number | null
  /** Annual dividend per share. */
  dividendPerShare: number | null
  /** Percent, e.g. 2.35 for 2.35 %. */
  dividendYield: number | null
  /** Highest high and lowest low of the daily bars of the last 52 weeks. */
  high52w: number | null
  low52w: number | null
  simulated: boolean
  /** The sector and shares are simulated too (a listing beyond the hand-made catalogue). */
  simulatedFacts?: boolean
}
