import Typography from '@mui/material/Typography'
import type { MarketType } from '@kabu/shared/market/types'
import { FormattedMessage } from 'react-intl'
import { EmptyState } from '../../ui/EmptyState'
import { Loading } from '../../ui/Loading'
import { OrderRow } from './OrderRow'
import type { OrderLists } from './use-orders'

/** 注文中: the working orders, then the latest that ended (filled, cancelled, lapsed, refused). */
export function OrdersTab({
  lists,
  type,
  currency,
}: {
  lists: OrderLists | null
  type: MarketType
  currency: string
}) {
  if (!lists) return <Loading />
  const section = (id: string) => (
    <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1 }} component="h3">
      <FormattedMessage id={id} />
    </Typography>
  )
  return (
    <>
      <div data-testid="positions-list-orders">
        {lists.working.length === 0 ? (
          <EmptyState text={<FormattedMessage id="stock.position.emptyOrders" />} />
        ) : (
          lists.working.map((o) => <OrderRow key={o.id} o={o} type={type} currency={currency} />)
        )}
      </div>
      {section('stock.orders.ended')}
      <div data-testid="orders-ended">
        {lists.ended.length === 0 ? (
          <EmptyState text={<FormattedMessage id="stock.orders.emptyEnded" />} />
        ) : (
          lists.ended.map((o) => <OrderRow key={o.id} o={o} type={type} currency={currency} />)
        )}
      </div>
    </>
  )
}
