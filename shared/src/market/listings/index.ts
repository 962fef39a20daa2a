import type { Listing } from '../types'
import { CN_STOCKS } from './cn'
import { INDICES } from './indices'
import { JP_STOCKS } from './jp'
import { listingSearch, type ListingSearch, type ToKatakana } from './search'
import { US_STOCKS } from './us'

export { SECTORS, type Sector } from './sectors'
export { boardOfCode } from './cn'
export { listingSearch, type ListingSearch, type ToKatakana } from './search'

/** Every instrument the product knows: indices first, then stocks of Japan, the US and China. */
export const LISTINGS: readonly Listing[] = [...INDICES, ...JP_STOCKS, ...US_STOCKS, ...CN_STOCKS]

/** Codes are unique regardless of case; lookups accept `aapl` for `AAPL`. */
const BY_CODE = new Map(LISTINGS.map((l) => [l.code.toUpperCase(), l]))

/**
 * @example listingByCode('7203')?.name.ja // 'トヨタ自動車'
 * @example listingByCode('000001.SH')?.kind // 'index' (the stock is '000001')
 */
export function listingByCode(code: string): Listing | undefined {
  return BY_CODE.get(code.toUpperCase())
}

// Built on the first search, not on import: a phone's home imports this module for a name or two
// (listingByCode), and indexing every listing's names and readings was 7–16 ms of its start.
let search: ListingSearch | undefined

/**
 * The catalogue's stocks and indices whose code, Japanese, Chinese or English name, katakana
 * reading or pinyin (whole or initials) matches `q` (see {@link listingSearch}). The gateway
 * searches the whole market with the same rules.
 *
 * @example searchListings('7203')[0]?.code // '7203'
 * @example searchListings('茅台')[0]?.code // '600519'
 * @example searchListings('gzmt')[0]?.code // '600519'
 * @example searchListings('aap')[0]?.code // 'AAPL'
 * @example searchListings('とよた', 20, toKatakana)[0]?.code // '7203'
 */
export function searchListings(q: string, limit = 20, toKatakana?: ToKatakana): Listing[] {
  search ??= listingSearch(LISTINGS)
  return search(q, limit, toKatakana)
}
