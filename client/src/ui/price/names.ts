import { listingByCode } from '@kabu/shared/market/listings/index'
import type { LocalName, Market } from '@kabu/shared/market/types'

/** The name of an instrument in the interface language (`zh-CN` reads the Chinese name). */
export function localName(name: LocalName, locale: string): string {
  if (locale.startsWith('zh')) return name.zh
  if (locale.startsWith('en')) return name.en
  return name.ja
}

/**
 * What a person calls the instrument behind a code (`399006.SZ` → 創業板指数), or the code itself
 * for one we do not list.
 */
export function instrumentName(code: string, locale: string): string {
  const listing = listingByCode(code)
  return listing ? localName(listing.name, locale) : code
}

export const MARKETS: readonly Market[] = ['jp', 'us', 'cn']
