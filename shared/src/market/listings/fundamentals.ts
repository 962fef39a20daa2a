import type { Listing } from '../types'
import { LISTINGS } from './index'
import type { Sector } from './sectors'

/**
 * SIMULATED per-share fundamentals, one entry per stock code. They are not reported figures: each
 * is derived from the listing (its base price, sector and volatility) so that the ratios a user
 * sees (PE, PB, yield) sit in the range typical of the sector, and stay put across restarts.
 */
export interface Fundamentals {
  /** Earnings per share over the last year (negative: a loss). */
  eps: number
  /** Book value per share. */
  bookPerShare: number
  /** Annual dividend per share (0: none). */
  dividendPerShare: number
}

/** Typical [price/earnings, price/book, dividend yield %] of a sector, around which codes vary. */
const SECTOR_NORMS: Record<Exclude<Sector, 'index' | 'fund'>, readonly [number, number, number]> = {
  tech: [28, 4.5, 0.8],
  semiconductors: [30, 6, 0.9],
  auto: [9, 0.9, 3],
  finance: [11, 0.9, 3.5],
  consumer: [22, 3, 1.8],
  health: [24, 3, 2],
  industrial: [16, 1.8, 2.2],
  energy: [8, 1, 4.5],
  materials: [13, 1.3, 2.8],
  telecom: [14, 1.8, 3.6],
  realestate: [15, 1.1, 2.8],
  utilities: [12, 0.8, 3.2],
  transport: [15, 1.3, 2.2],
}

/** Above this annual volatility a listing is a speculative growth name: no dividend, a loss. */
const LOSS_MAKING_VOLATILITY = 0.6

/** A stable number in [0, 1) per code and purpose (FNV-1a), so each code gets its own deviation. */
function unitHash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return (h >>> 0) / 2 ** 32
}

/** The norm scaled by a factor in [1 − spread, 1 + spread], per code. */
const vary = (norm: number, code: string, purpose: string, spread = 0.35) =>
  norm * (1 - spread + 2 * spread * unitHash(`${code}|${purpose}`))

/** Rounded to the currency's cents (yen fractions appear in Japanese EPS too). */
const cents = (value: number) => Math.round(value * 100) / 100

/**
 * The simulated fundamentals of a stock listing (null for an index or a fund).
 *
 * @example fundamentalsOf(listingByCode('7203')!)?.eps // a yen figure near 2,900 / 9
 */
export function fundamentalsOf(listing: Listing): Fundamentals | null {
  // A fund has no earnings or book of its own to speak of: its holdings' are what count.
  if (listing.kind === 'index' || listing.sector === 'index' || listing.sector === 'fund')
    return null
  const norms =
    SECTOR_NORMS[listing.sector as Exclude<Sector, 'index' | 'fund'>] ?? SECTOR_NORMS.industrial
  const [pe, pb, yieldPct] = norms
  const price = listing.basePrice
  const lossMaking = listing.volatility >= LOSS_MAKING_VOLATILITY
  const eps = lossMaking
    ? -price / vary(40, listing.code, 'loss')
    : price / vary(pe, listing.code, 'pe')
  // Some companies in every sector pay nothing; speculative ones never do.
  const pays = !lossMaking && unitHash(`${listing.code}|pays`) > 0.08
  return {
    eps: cents(eps),
    bookPerShare: cents(price / vary(pb, listing.code, 'pb')),
    dividendPerShare: pays ? cents((price * vary(yieldPct, listing.code, 'yield')) / 100) : 0,
  }
}

/** Every stock's simulated fundamentals, keyed by its code. */
export const FUNDAMENTALS: ReadonlyMap<string, Fundamentals> = new Map(
  LISTINGS.flatMap((listing) => {
    const facts = fundamentalsOf(listing)
    return facts ? [[listing.code, facts] as const] : []
  }),
)
