import { LISTINGS, listingSearch, type ListingSearch } from '@kabu/shared/market/listings/index'
import type { Listing } from '@kabu/shared/market/types'
import { tseRows } from './tse-file'
import { tseListing } from './tse-listing'

/** Every listing the gateway quotes: the hand-made catalogue and the rest of the Tokyo market. */
export interface Catalogue {
  /** Indices and the hand-made stocks first (shared's LISTINGS), then the other TSE codes. */
  readonly listings: readonly Listing[]
  /** Case-insensitive, as shared's listingByCode. */
  listing(code: string): Listing | undefined
  search: ListingSearch
}

/**
 * The whole market for `seed`. The hand-made catalogue keeps its facts (names in three languages,
 * real shares and price levels); every other code of gateway/data/tse-listings.tsv becomes a listing
 * with simulated figures (tse-listing.ts). Where the exchange spells a hand-made name otherwise
 * (ホンダ for 本田技研工業, JR東日本), search finds it by that name too.
 */
export function createCatalogue(seed: number): Catalogue {
  let catalogue = made.get(seed)
  if (!catalogue) made.set(seed, (catalogue = makeCatalogue(seed)))
  return catalogue
}

/**
 * A catalogue is a function of its seed and read only once made: the markets of one process share
 * it (a test run starts hundreds of gateways in a few processes; each made its own in tenths of a
 * second).
 */
const made = new Map<number, Catalogue>()

function makeCatalogue(seed: number): Catalogue {
  const known = new Map(LISTINGS.map((l) => [l.code, l]))
  const exchangeNames = new Map<string, string>()
  const rest: Listing[] = []
  for (const row of tseRows()) {
    const own = known.get(row.code)
    if (!own) rest.push(tseListing(seed, row))
    else if (own.name.ja !== row.name) exchangeNames.set(row.code, row.name)
  }
  const listings = [...LISTINGS, ...rest]
  const byCode = new Map(listings.map((l) => [l.code.toUpperCase(), l]))
  return {
    listings,
    listing: (code) => byCode.get(code.toUpperCase()),
    search: listingSearch(listings, (code) => {
      const name = exchangeNames.get(code)
      return name ? [name] : []
    }),
  }
}
