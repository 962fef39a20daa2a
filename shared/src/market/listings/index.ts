import type { Listing } from '../types'
import { CN_STOCKS } from './cn'
import { INDICES } from './indices'
import { JP_STOCKS } from './jp'
import { US_STOCKS } from './us'

export { SECTORS, type Sector } from './sectors'
export { boardOfCode } from './cn'

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

/**
 * Full-width letters and digits fold to ASCII and half-width kana to full-width (NFKC), case is
 * ignored, and spaces and 中黒 are dropped because people rarely type them in a name.
 */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s・·]/g, '')
}

interface SearchKeys {
  listing: Listing
  code: string
  names: string[]
}

const KEYS: readonly SearchKeys[] = LISTINGS.map((listing) => ({
  listing,
  code: normalise(listing.code),
  names: [listing.name.ja, listing.name.zh, listing.name.en].map(normalise),
}))

/** Lower is better; null when the listing does not match at all. */
function rank(keys: SearchKeys, q: string): number | null {
  if (keys.code === q) return 0
  if (keys.names.includes(q)) return 1
  if (keys.code.startsWith(q)) return 2
  if (keys.names.some((n) => n.startsWith(q))) return 3
  if (keys.code.includes(q) || keys.names.some((n) => n.includes(q))) return 4
  return null
}

/** Longer than any code or name: a longer query cannot match, and it bounds the work. */
const MAX_QUERY = 64

/**
 * Stocks and indices whose code or Japanese, Chinese or English name matches `q`, case-insensitive:
 * the exact code first, then an exact name, code prefixes, name prefixes, then substrings; ties keep
 * catalogue order.
 *
 * @example searchListings('7203')[0]?.code // '7203'
 * @example searchListings('茅台')[0]?.code // '600519'
 * @example searchListings('aap')[0]?.code // 'AAPL'
 */
export function searchListings(q: string, limit = 20): Listing[] {
  const query = normalise(q.slice(0, MAX_QUERY))
  if (!query || limit <= 0) return []
  const hits: { listing: Listing; rank: number; order: number }[] = []
  KEYS.forEach((keys, order) => {
    const r = rank(keys, query)
    if (r !== null) hits.push({ listing: keys.listing, rank: r, order })
  })
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order)
  return hits.slice(0, limit).map((h) => h.listing)
}
