import { HOLDING, type WireClosedHolding, type WireHolding } from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { fetchHolding } from '../../api/holdings'
import { revalueRow } from './live-holdings'
import { useTradeUpdates } from '../../realtime/trade-updates'
import { useLivePrices } from './use-live-prices'

export type HoldingLoad =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'notFound' }
  | { state: 'ready'; holding: WireHolding | WireClosedHolding }

/** How often a resting order is re-read to see it fill. */
const PENDING_POLL_MS = 3000

/**
 * One holding of the user, valued at the live price while it holds shares; re-read on `reload`,
 * when it fills, and every few seconds while it rests as a pending order. Another user's id is
 * simply not found.
 */
export function useHolding(type: MarketType, id: string) {
  const [load, setLoad] = useState<HoldingLoad>({ state: 'loading' })
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])

  useEffect(() => {
    let live = true
    fetchHolding(type, id).then(
      (holding) => live && setLoad(holding ? { state: 'ready', holding } : { state: 'notFound' }),
      () => live && setLoad((before) => (before.state === 'ready' ? before : { state: 'failed' })),
    )
    return () => {
      live = false
    }
  }, [type, id, version])

  useTradeUpdates(reload, id)
  // The poll stays as the fallback for a dropped `/user` socket.
  const pending = load.state === 'ready' && load.holding.status === HOLDING.pending
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(reload, PENDING_POLL_MS)
    return () => clearInterval(timer)
  }, [pending, reload])

  const code = load.state === 'ready' ? load.holding.code : ''
  const price = useLivePrices(code).get(code)
  const valued: HoldingLoad =
    load.state === 'ready' ? { state: 'ready', holding: revalueRow(load.holding, price) } : load
  return { load: valued, reload }
}
