import type { AssetsAnswer } from '@kabu/shared/api/assets'
import type { WireHolding } from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import { useEffect, useMemo, useState } from 'react'
import { fetchAssets } from './assets.api'
import { liveAssets } from './net-assets-live'

export const WALLETS: readonly MarketType[] = ['jpy', 'usd', 'cny']

export interface NetAssetsView {
  /** The shown wallet's figures at the live prices. */
  wallet: AssetsAnswer
  /** Each wallet in its own currency, as the gateway valued it. */
  wallets: Record<MarketType, AssetsAnswer>
  /** Every wallet in yen at the reference rate (`type=all`). */
  all: AssetsAnswer
}

/**
 * Net assets of every wallet and of all of them in yen, read with the Positions tab (`version`);
 * the shown wallet's moved to the live prices of its holdings (`rows`, already revalued).
 */
export function useNetAssets(type: MarketType, version: number, rows: readonly WireHolding[]) {
  const [loaded, setLoaded] = useState<Omit<NetAssetsView, 'wallet'> | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    Promise.all([...WALLETS.map((w) => fetchAssets(w)), fetchAssets('all')]).then(
      ([jpy, usd, cny, all]) => {
        if (!live) return
        setLoaded({ wallets: { jpy: jpy!, usd: usd!, cny: cny! }, all: all! })
        setFailed(false)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [version])
  const view = useMemo<NetAssetsView | null>(
    () => (loaded ? { ...loaded, wallet: liveAssets(loaded.wallets[type], rows) } : null),
    [loaded, rows, type],
  )
  return { view, failed }
}
