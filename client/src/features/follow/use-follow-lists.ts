import type { Product, ProductOrder } from '@kabu/shared/api/follow'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'
import { fetchOrders, fetchProducts } from './follow.api'
import { isProductUpdate } from './use-follow'

export interface Loaded<T> {
  data: T | undefined
  failed: boolean
  refreshing: boolean
  reload: () => void
}

/** Reads `load` now and on reload (and, when `onPush`, on a follow order's push); newest wins. */
function useLoaded<T>(load: () => Promise<T>, key: string, onPush = false): Loaded<T> {
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
  useEffect(() => {
    if (!onPush) return
    const subscription = userEvents$()
      .pipe(filter(isProductUpdate))
      .subscribe(() => setRound((r) => r + 1))
    return () => subscription.unsubscribe()
  }, [onPush])
  return { data, failed, refreshing, reload }
}

/** The follow products of one market. */
export const useProducts = (type: MarketType): Loaded<Product[]> =>
  useLoaded(() => fetchProducts(type), type)

/** The user's follow orders in one market's currency, re-read when the clock changes one. */
export const useOrders = (type: MarketType): Loaded<ProductOrder[]> =>
  useLoaded(() => fetchOrders(type), type, true)
