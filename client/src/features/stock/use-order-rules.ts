import type { MarketType, Quote } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { useIsStale } from '../../realtime'
import { loadOrderRules } from './order.live'
import type { OrderRules } from './order-draft'

/** The rules plus whether the quote is stale now: the broker refuses market orders then. */
export type TicketRules = OrderRules & { quoteStale: boolean }

export type RulesLoad =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; rules: TicketRules; reload: () => void }

/**
 * The wallet, fees and grid the ticket shows, loaded when the sheet opens (and again on demand after
 * an order, so the available cash is current). Limits are the day's: read from the quote at load.
 */
export function useOrderRules(type: MarketType, quote: Quote, open: boolean): RulesLoad {
  const [load, setLoad] = useState<{ rules: OrderRules | null; failed: boolean }>({
    rules: null,
    failed: false,
  })
  const [version, setVersion] = useState(0)
  const quoteStale = useIsStale(quote.code)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  // Re-read only when the sheet opens or a reload is asked for, not on every tick.
  const code = quote.code
  const [anchor] = useState(quote)
  useEffect(() => {
    if (!open) return
    let live = true
    loadOrderRules(type, { ...anchor, code }).then(
      (rules) => live && setLoad({ rules, failed: false }),
      () => live && setLoad({ rules: null, failed: true }),
    )
    return () => {
      live = false
    }
  }, [type, code, anchor, open, version])

  if (load.rules) return { state: 'ready', rules: { ...load.rules, quoteStale }, reload }
  if (load.failed) return { state: 'failed', retry: reload }
  return { state: 'loading' }
}
