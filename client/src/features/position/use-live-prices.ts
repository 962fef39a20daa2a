import { useEffect, useState } from 'react'
import { merge } from 'rxjs'
import { quote$ } from '../../realtime'

/**
 * The latest price of each code, from the shared quote stream (one subscription per code, batched
 * to frames). `codesKey` is the codes joined by commas, so a new list object with the same codes
 * does not resubscribe.
 */
export function useLivePrices(codesKey: string): ReadonlyMap<string, number> {
  const [prices, setPrices] = useState<ReadonlyMap<string, number>>(() => new Map())
  useEffect(() => {
    const codes = codesKey ? codesKey.split(',') : []
    if (codes.length === 0) return
    const subscription = merge(...codes.map((code) => quote$(code))).subscribe({
      next: (quote) =>
        setPrices((before) =>
          before.get(quote.code) === quote.price
            ? before
            : new Map(before).set(quote.code, quote.price),
        ),
      // An unknown or refused code keeps the gateway's own valuation.
      error: () => undefined,
    })
    return () => subscription.unsubscribe()
  }, [codesKey])
  return prices
}
