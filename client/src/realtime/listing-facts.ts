import { listingByCode } from '@kabu/shared/market/listings/index'
import type { Listing } from '@kabu/shared/market/types'
import { useEffect, useState } from 'react'
import { searchMarket } from './market-api'

/** What an order form needs of a listing: its trading unit and tick table. */
export type ListingFacts = Pick<Listing, 'lot'> & Partial<Pick<Listing, 'topix500'>>

/**
 * The catalogue's facts of `code`, or the gateway's for a code listed since the app was built (a
 * new share on its listing day): the search answers it with its lot. Undefined when neither knows it.
 */
export async function listingFacts(code: string): Promise<ListingFacts | undefined> {
  const known = listingByCode(code)
  if (known) return known
  const hits = await searchMarket(code)
  const hit = hits.find((h) => h.code.toUpperCase() === code.toUpperCase())
  return hit?.lot ? { lot: hit.lot } : undefined
}

/** `listingFacts(code).lot` as React state: the catalogue's at once, a new share's once fetched. */
export function useLot(code: string): number | undefined {
  const known = listingByCode(code)?.lot
  const [fetched, setFetched] = useState<{ code: string; lot: number | undefined }>()
  useEffect(() => {
    if (listingByCode(code)) return
    let live = true
    listingFacts(code)
      .then((facts) => live && setFetched({ code, lot: facts?.lot }))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [code])
  return known ?? (fetched?.code === code ? fetched.lot : undefined)
}
