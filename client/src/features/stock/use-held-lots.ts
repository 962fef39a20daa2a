import { HOLDING, holdingRows, type WireHolding } from '@kabu/shared/api/trade'
import { TYPE_OF_MARKET, type Market } from '@kabu/shared/market/types'
import { useEffect, useState } from 'react'
import { fetchOpenHoldings } from './trade.api'

/**
 * Whether a row is shares the user owns and can sell now: filled, no sale under way, and not a
 * short (売建), which owns no shares and is closed by buying back from its own screen.
 */
export const isSellableLot = (h: Pick<WireHolding, 'status' | 'side'>): boolean =>
  h.status === HOLDING.holding && h.side !== 'short'

/**
 * The user's holdings of `code` that can be sold now (filled, no sale under way), read again when
 * `round` changes (the buy ticket closed). Empty without a session or while loading: the stock
 * detail offers Sell only once it knows there is something to sell.
 */
export function useHeldLots(
  code: string,
  market: Market,
  loggedIn: boolean,
  round: number,
): WireHolding[] {
  const [lots, setLots] = useState<WireHolding[]>([])
  useEffect(() => {
    if (!loggedIn) return undefined
    let live = true
    fetchOpenHoldings(TYPE_OF_MARKET[market]).then(
      (list) =>
        live && setLots(holdingRows(list).filter((h) => h.code === code && isSellableLot(h))),
      // Without the list the screen simply offers no Sell; Positions still has every holding.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [code, market, loggedIn, round])
  return loggedIn ? lots : []
}
