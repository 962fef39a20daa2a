import { listingByCode } from '@kabu/shared/market/listings/index'
import type { Market } from '@kabu/shared/market/types'
import { localName } from './local-name'

// Its own module so the back-office console reads names without the listings.
export { localName }

/**
 * What a person calls the instrument behind a code (`399006.SZ` → 創業板指数), or the code itself
 * for one we do not list.
 */
export function instrumentName(code: string, locale: string): string {
  const listing = listingByCode(code)
  return listing ? localName(listing.name, locale) : code
}

export const MARKETS: readonly Market[] = ['jp', 'us', 'cn']
