import type { MarketType } from '@kabu/shared/market/types'
import List from '@mui/material/List'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { useSearchParams } from 'react-router-dom'
import { EmptyState } from '../../ui/EmptyState'
import { FollowOrderRow } from '../../ui/follow/FollowOrderRow'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { OrderCard } from './OrderCard'
import { useFollow } from './use-follow'
import { useOrders } from './use-follow-lists'
import { FollowPhaseTabs, type FollowPhase } from '../../ui/follow/FollowPhaseTabs'

/** /mine/followOrder: the user's follow orders in progress and ended; `?id=` one of them. */
export function FollowOrderScreen() {
  const [params] = useSearchParams()
  const id = params.get('id')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.followOrder.title" />} />
      {id ? <OrderDetail key={id} orderId={id} /> : <Orders />}
    </RequireSession>
  )
}

function OrderDetail({ orderId }: { orderId: string }) {
  const [state, send] = useFollow({ orderId })
  if (state.matches('loadFailed')) {
    return <LoadFailed error={state.context.error} onRetry={() => send({ type: 'REFRESH' })} />
  }
  if (!state.context.snapshot) return <Loading />
  return (
    <PullToRefresh onRefresh={() => send({ type: 'REFRESH' })} refreshing={state.hasTag('busy')}>
      <OrderCard state={state} send={send} />
    </PullToRefresh>
  )
}

function Orders() {
  const [type, setType] = useState<MarketType>('jpy')
  const [tab, setTab] = useState<FollowPhase>('open')
  return (
    <>
      <MarketTypeTabs testIdPrefix="follow-orders-market-" value={type} onChange={setType} />
      <FollowPhaseTabs value={tab} onChange={setTab} testIdPrefix="follow-orders-" />
      <OrderList key={type} type={type} ended={tab === 'ended'} />
    </>
  )
}

function OrderList({ type, ended }: { type: MarketType; ended: boolean }) {
  const { data, failed, refreshing, reload } = useOrders(type)
  if (!data && failed) return <LoadFailed error="network_error" onRetry={reload} />
  if (!data) return <Loading />
  const rows = data.filter((o) => (o.status === 1) === ended)
  return (
    <PullToRefresh onRefresh={reload} refreshing={refreshing}>
      {rows.length === 0 ? (
        <EmptyState text={<FormattedMessage id="mine.followOrder.empty" />} />
      ) : (
        <List data-testid={`follow-orders-${ended ? 'ended' : 'open'}-list`} disablePadding>
          {rows.map((order) => (
            <FollowOrderRow key={order.id} order={order} />
          ))}
        </List>
      )}
    </PullToRefresh>
  )
}
