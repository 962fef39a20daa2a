import type { ProductOrder } from '@kabu/shared/api/follow'
import { PRODUCT_FOLLOWING } from '@kabu/shared/api/follow'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'
import { fetchFollowOrders } from './position.api'

/**
 * The user's follow orders split in progress (status 0: locked or following) and ended, re-read
 * when the clock changes one (product:updated: a day's profit, the deadline's return).
 */
export function useFollowOrders(type: MarketType) {
  const [rows, setRows] = useState<ProductOrder[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => {
    setRefreshing(true)
    setVersion((v) => v + 1)
  }, [])
  useEffect(() => {
    let live = true
    fetchFollowOrders(type).then(
      (list) => live && (setRows(list), setFailed(false), setRefreshing(false)),
      () => live && (setFailed(true), setRefreshing(false)),
    )
    return () => {
      live = false
    }
  }, [type, version])
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((e) => e.type === 'product:updated'))
      .subscribe(() => setVersion((v) => v + 1))
    return () => subscription.unsubscribe()
  }, [])
  return {
    open: rows?.filter((r) => r.status === PRODUCT_FOLLOWING) ?? null,
    ended: rows?.filter((r) => r.status !== PRODUCT_FOLLOWING) ?? null,
    failed,
    refreshing,
    reload,
  }
}
