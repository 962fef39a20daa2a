import type { Listing } from '../types'
import { CN_STOCKS } from './cn'
import { INDICES } from './indices'
import { JP_STOCKS } from './jp'
import { KANA_READINGS, PINYIN_READINGS, pinyinKeys } from './readings'
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
  /** Names and pinyin: matched against the query as typed. */
  names: string[]
  /** Japanese name and katakana readings: matched against the query as typed and as katakana. */
  kana: string[]
}

const KEYS: readonly SearchKeys[] = LISTINGS.map((listing) => {
  const kana = [listing.name.ja, ...(KANA_READINGS[listing.code] ?? [])].map(normalise)
  const pinyin = PINYIN_READINGS[listing.code]
  return {
    listing,
    code: normalise(listing.code),
    names: [listing.name.zh, listing.name.en, ...(pinyin ? pinyinKeys(pinyin) : [])].map(normalise),
    kana,
  }
})

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
    rankText([...keys.names, ...keys.kana], q),
    kanaQ === q ? null : rankText(keys.kana, kanaQ),
  ].filter((r): r is number => r !== null)
  return ranks.length ? Math.min(...ranks) : null
}

/**
 * Turns what was typed (romaji, hiragana) into katakana: wanakana's `toKatakana` where there is
 * one. `shared` carries no kana library, so the caller brings it; without it, katakana still match.
 */
export type ToKatakana = (text: string) => string

/** Longer than any code or name: a longer query cannot match, and it bounds the work. */
const MAX_QUERY = 64

/**
 * Stocks and indices whose code, Japanese, Chinese or English name, katakana reading or pinyin
 * (whole or initials) matches `q`, case-insensitive: the exact code first, then an exact name or
 * reading, code prefixes, name prefixes, then substrings; ties keep catalogue order. With
 * `toKatakana`, hiragana and romaji find Japanese readings too.
 *
 * @example searchListings('7203')[0]?.code // '7203'
 * @example searchListings('茅台')[0]?.code // '600519'
 * @example searchListings('gzmt')[0]?.code // '600519'
 * @example searchListings('aap')[0]?.code // 'AAPL'
 * @example searchListings('とよた', 20, toKatakana)[0]?.code // '7203'
 */
export function searchListings(q: string, limit = 20, toKatakana?: ToKatakana): Listing[] {
  const query = normalise(q.slice(0, MAX_QUERY))
  if (!query || limit <= 0) return []
  const kanaQuery = toKatakana ? normalise(toKatakana(query)) : query
  const hits: { listing: Listing; rank: number; order: number }[] = []
  KEYS.forEach((keys, order) => {
    const r = rank(keys, query, kanaQuery)
    if (r !== null) hits.push({ listing: keys.listing, rank: r, order })
  })
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order)
  return hits.slice(0, limit).map((h) => h.listing)
}
