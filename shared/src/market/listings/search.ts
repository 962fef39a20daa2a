import type { Listing } from '../types'
import { KANA_READINGS, PINYIN_READINGS, pinyinKeys } from './readings'

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
  /** Names and pinyin: matched against the query as typed. */
  names: string[]
  /** Japanese names and katakana readings: matched against the query as typed and as katakana. */
  kana: string[]
  /** `names` and `kana` together, built once: a query scans every listing. */
  all: string[]
}

/** An exact name 1, a name prefix 3, a substring 4; null when none of `texts` matches. */
function rankText(texts: readonly string[], q: string): number | null {
  if (texts.includes(q)) return 1
  if (texts.some((t) => t.startsWith(q))) return 3
  if (texts.some((t) => t.includes(q))) return 4
  return null
}

/** Lower is better; null when the listing does not match at all. */
function rank(keys: SearchKeys, q: string, kanaQ: string): number | null {
  if (keys.code === q) return 0
  const byCode = keys.code.startsWith(q) ? 2 : keys.code.includes(q) ? 4 : null
  const ranks = [
    byCode,
    rankText(keys.all, q),
    kanaQ === q ? null : rankText(keys.kana, kanaQ),
  ].filter((r): r is number => r !== null)
  return ranks.length ? Math.min(...ranks) : null
}

/**
 * Turns what was typed (romaji, hiragana) into katakana: wanakana's `toKatakana` where there is
 * one. `shared` carries no kana library, so the caller brings it; without it, katakana still match.
 */
export type ToKatakana = (text: string) => string

/** Finds listings by what a user typed; see {@link listingSearch}. */
export type ListingSearch = (q: string, limit?: number, toKatakana?: ToKatakana) => Listing[]

/** Longer than any code or name: a longer query cannot match, and it bounds the work. */
const MAX_QUERY = 64

/**
 * A search over `listings`: code, Japanese, Chinese or English name, katakana reading or pinyin
 * (whole or initials), case-insensitive; the exact code first, then an exact name or reading, code
 * prefixes, name prefixes, then substrings; ties keep the order of `listings`. With `toKatakana`,
 * hiragana and romaji find Japanese readings too. `otherNames` adds names a listing is also known
 * by (the exchange's own spelling of a name the catalogue writes differently).
 *
 * @example listingSearch(LISTINGS)('トヨタ')[0]?.code // '7203'
 */
export function listingSearch(
  listings: readonly Listing[],
  otherNames: (code: string) => readonly string[] = () => [],
): ListingSearch {
  const keys: readonly SearchKeys[] = listings.map((listing) => {
    const pinyin = PINYIN_READINGS[listing.code]
    const names = [listing.name.zh, listing.name.en, ...(pinyin ? pinyinKeys(pinyin) : [])]
    const kana = [
      listing.name.ja,
      ...otherNames(listing.code),
      ...(KANA_READINGS[listing.code] ?? []),
    ]
    const normalised = { names: names.map(normalise), kana: kana.map(normalise) }
    return {
      listing,
      code: normalise(listing.code),
      ...normalised,
      all: [...normalised.names, ...normalised.kana],
    }
  })
  return (q, limit = 20, toKatakana) => {
    const query = normalise(q.slice(0, MAX_QUERY))
    if (!query || limit <= 0) return []
    const kanaQuery = toKatakana ? normalise(toKatakana(query)) : query
    const hits: { listing: Listing; rank: number; order: number }[] = []
    keys.forEach((k, order) => {
      const r = rank(k, query, kanaQuery)
      if (r !== null) hits.push({ listing: k.listing, rank: r, order })
    })
    hits.sort((a, b) => a.rank - b.rank || a.order - b.order)
    return hits.slice(0, limit).map((h) => h.listing)
  }
}
