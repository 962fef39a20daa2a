import type { WireOrder, WireOrderInfo } from '@kabu/shared/api/orders'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { isBrokerRefusal } from '../../api/broker'
import { useHoldingsChanged } from '../../realtime/trade-updates'
import { fetchOrder, fetchOrders } from './position.api'

export interface OrderLists {
  working: WireOrder[]
  ended: WireOrder[]
}

/**
 * The user's orders of one market for 注文中: working ones (waiting, open, partly filled) and the
 * latest that ended. Re-read whenever the version changes and on any order's change.
 */
export function useOrders(type: MarketType, version: number) {
  const [lists, setLists] = useState<OrderLists | null>(null)
  const [changed, setChanged] = useState(0)
  useHoldingsChanged(useCallback(() => setChanged((v) => v + 1), []))
  useEffect(() => {
    let live = true
    Promise.all([fetchOrders(type, 'open'), fetchOrders(type, 'done')]).then(
      ([working, ended]) => live && setLists({ working, ended }),
      // The positions screen says the network failed; the list keeps what it showed.
      () => {},
    )
    return () => {
      live = false
    }
  }, [type, version, changed])
  return lists
}

export type OrderLoad =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'notFound' }
  | { state: 'ready'; order: WireOrderInfo }

/** One order with its fills (/trade/orderInfo), re-read on `reload` and on any order's change. */
export function useOrder(id: string) {
  const [load, setLoad] = useState<OrderLoad>({ state: 'loading' })
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  useHoldingsChanged(reload)
  useEffect(() => {
    let live = true
    fetchOrder(id).then(
      (order) => live && setLoad({ state: 'ready', order }),
      (error: unknown) => {
        if (!live) return
        // Another user's order, or none: the gateway refuses it as it would an unknown id.
        if (isBrokerRefusal(error) && error.msg !== 'network_error') setLoad({ state: 'notFound' })
        else setLoad((before) => (before.state === 'ready' ? before : { state: 'failed' }))
      },
    )
    return () => {
      live = false
    }
  }, [id, version])
  return { load, reload }
}
