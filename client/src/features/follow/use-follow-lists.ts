import type { Product, ProductOrder } from '@kabu/shared/api/products'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { fetchOrders, fetchProducts } from './follow.api'

export interface Loaded<T> {
  data: T | undefined
  failed: boolean
  refreshing: boolean
  reload: () => void
}

/** Reads `load` now and on reload; the newest read wins. */
function useLoaded<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T>()
  const [failed, setFailed] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const [round, setRound] = useState(0)
  const reload = useCallback(() => {
    setRefreshing(true)
    setRound((r) => r + 1)
  }, [])
  useEffect(() => {
    let live = true
    load().then(
      (value) => live && (setData(value), setFailed(false), setRefreshing(false)),
      () => live && (setFailed(true), setRefreshing(false)),
    )
    return () => {
      live = false
    }
    // `load` is rebuilt each render; `key` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round])
  return { data, failed, refreshing, reload }
}

/** The follow products of one market. */
export const useProducts = (type: MarketType): Loaded<Product[]> =>
  useLoaded(() => fetchProducts(type), type)

/** The user's follow orders in one market's currency. */
export const useOrders = (type: MarketType): Loaded<ProductOrder[]> =>
  useLoaded(() => fetchOrders(type), type)
