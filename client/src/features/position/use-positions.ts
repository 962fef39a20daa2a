import { holdingRows, type ClosedHoldingList, type WireClosedHolding } from '@kabu/shared/api/trade'
import { deriveAssets, type AssetInputs, type Assets } from '@kabu/shared/assets'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { isFilled, revalue } from './live-holdings'
import { fetchAssetInputs, fetchCreditLine, fetchEndedHoldings } from './position.api'
import { useHoldingsChanged } from '../../realtime/trade-updates'
import { useLivePrices } from './use-live-prices'

interface Loaded {
  inputs: AssetInputs
  ended: ClosedHoldingList
  creditLine: string | null
}

/**
 * The Positions tab's data: spec §7's inputs, the ended orders and the credit line, loaded per
 * wallet, on refresh and when an order fills; the open holdings and the asset figures re-valued at every tick.
 */
export function usePositions(type: MarketType) {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [failed, setFailed] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let live = true
    Promise.all([fetchAssetInputs(type), fetchEndedHoldings(type), fetchCreditLine(type)]).then(
      ([inputs, ended, creditLine]) => {
        if (!live) return
        setLoaded({ inputs, ended, creditLine })
        setFailed(false)
        setRefreshing(false)
      },
      () => {
        if (!live) return
        setFailed(true)
        setRefreshing(false)
      },
    )
    return () => {
      live = false
    }
  }, [type, version])

  const open = loaded ? holdingRows(loaded.inputs.holdings) : []
  const codesKey = [...new Set(open.filter(isFilled).map((h) => h.code))].sort().join(',')
  const prices = useLivePrices(codesKey)

  const view = useMemo(() => {
    if (!loaded) return null
    const holdings = revalue(loaded.inputs.holdings, prices)
    const assets: Assets = deriveAssets({ ...loaded.inputs, holdings })
    const byNewest = <T extends { buy_time: number }>(rows: T[]) =>
      [...rows].sort((a, b) => b.buy_time - a.buy_time)
    return {
      assets,
      creditLine: loaded.creditLine,
      // Shares owned (保有中): an order's unfilled part (the seed's status 2) is never counted as
      // owned; 注文中 lists the orders themselves (use-orders.ts).
      open: byNewest(holdingRows(holdings).filter(isFilled)),
      ended: byNewest(holdingRows<WireClosedHolding>(loaded.ended)),
      realisedPnl: loaded.ended.lsyk,
    }
  }, [loaded, prices])

  const refresh = useCallback(() => {
    setRefreshing(true)
    setVersion((v) => v + 1)
  }, [])
  // A resting order filled or a block request became a holding: re-read quietly, without the
  // pull-to-refresh spinner.
  const reread = useCallback(() => setVersion((v) => v + 1), [])
  useHoldingsChanged(reread)
  return { view, failed, refreshing, refresh, version }
}
