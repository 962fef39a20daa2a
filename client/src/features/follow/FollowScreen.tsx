import type { MarketType } from '@kabu/shared/market/types'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link, useSearchParams } from 'react-router-dom'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { ProductDetail } from './ProductDetail'
import { ProductRow } from './ProductRow'
import { useProducts } from './use-follow-lists'

/** /home/follow: the follow products of a market; `?id=` one product with its buy. */
export function FollowScreen() {
  const [params] = useSearchParams()
  const id = params.get('id')
  return (
    <RequireSession>
      <Header
        back
        title={<FormattedMessage id={id ? 'home.follow.info' : 'home.follow.title'} />}
        right={
          <Button
            component={Link}
            to="/mine/followOrder"
            size="small"
            data-testid="follow-orders-link"
          >
            <FormattedMessage id="home.follow.myOrders" />
          </Button>
        }
      />
      {id ? <ProductDetail key={id} productId={id} /> : <FollowArea />}
    </RequireSession>
  )
}

function FollowArea() {
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <>
      <MarketTypeTabs testIdPrefix="follow-market-" value={type} onChange={setType} />
      <ProductList key={type} type={type} />
    </>
  )
}

function ProductList({ type }: { type: MarketType }) {
  const { data, failed, refreshing, reload } = useProducts(type)
  if (!data && failed) return <LoadFailed error="network_error" onRetry={reload} />
  if (!data) return <Loading />
  return (
    <PullToRefresh onRefresh={reload} refreshing={refreshing}>
      {data.length === 0 ? (
        <EmptyState text={<FormattedMessage id="home.follow.empty" />} />
      ) : (
        <List data-testid="follow-products" disablePadding>
          {data.map((product) => (
            <ProductRow key={product.id} product={product} />
          ))}
        </List>
      )}
    </PullToRefresh>
  )
}
