import { LOT } from '@kabu/shared/market/listings/build'
import { SECTORS } from '@kabu/shared/market/listings/index'
import type { LocalName, Listing, Market } from '@kabu/shared/market/types'
import { randomStream } from './rng'

/** What the market needs of a new share to quote it from its first trading day. */
export interface Debut {
  code: string
  market: Market
  name: LocalName
  /** Offer price in whole units. */
  offerPrice: number
  /**
   * The offer's subscription unit (shares per lot applied for), with `lotsOffered` the size of
   * the offering; once listed the share trades in its market's lot, not in this one.
   */
  lot: number
  lotsOffered: number
  /** Epoch ms of the listing: the first trading day is the listing's local date or the next. */
  listingAt: number
}

/**
 * SIMULATED: the first-day move of a new share, from the market seed and the code: lognormal,
 * a median of about +22 % and a wide spread (Japanese IPOs open well above the offer on average,
 * and some below), so every demo offer has its own, the same on every gateway.
 */
export function firstDayMove(seed: number, code: string): number {
  const random = randomStream(seed, 'debut', code)
  return Math.exp(0.2 + 0.35 * random.normal()) - 1
}

/** IPOs trade livelier than the seasoned stocks of the catalogue (annualised). */
const DEBUT_VOLATILITY = 0.6
/**
 * SIMULATED: shares outstanding are this many times the shares offered here (the lots an app's
 * users can apply for are a small part of a real offering).
 */
const OUTSTANDING_PER_SHARE_OFFERED = 100

/**
 * The listing of a new share: anchored at the offer price moved by its first-day move, in a sector
 * drawn from the seed (the offer names none). Every figure here is generated and says so. Listed,
 * it trades in its market's lot (TSE and China 100, the US 1; MARKET-RULES.md), as every listing of
 * the catalogue does, whatever unit its offer was subscribed in.
 */
export function debutListing(seed: number, debut: Debut): Listing {
  // A new share is a company: never an index, never a fund.
  const sectors = SECTORS.filter((s) => s !== 'index' && s !== 'fund')
  const sector =
    sectors[Math.floor(randomStream(seed, 'debut-sector', debut.code).uniform() * sectors.length)]
  return {
    code: debut.code,
    market: debut.market,
    kind: 'stock',
    name: debut.name,
    sector: sector ?? 'tech',
    sharesOutstanding: debut.lotsOffered * debut.lot * OUTSTANDING_PER_SHARE_OFFERED,
    lot: LOT[debut.market],
    basePrice: debut.offerPrice * (1 + firstDayMove(seed, debut.code)),
    volatility: DEBUT_VOLATILITY,
  }
}
