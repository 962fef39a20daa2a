import type { BlockOrder } from '@kabu/shared/api/block'
import type { MarketType } from '@kabu/shared/market/types'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Header } from '../../ui/Header'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { RequireSession } from '../../ui/RequireSession'
import { fetchOrders } from './block.api'
import { orderMoney } from './order-money'
import { Loaded, OrderStatus, useBlockFormat } from './BlockParts'
import { useBlockRead } from './use-block'

/**
 * /home/large2 (pending review) and /home/large3 (decided): the user's block requests, with a
 * switch between the two (Mine's entry leads to the pending ones).
 */
export function BlockOrdersScreen({ status }: { status: 'pending' | 'decided' }) {
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id={`home.block.${status}`} />} />
      <Stack direction="row" spacing={1} sx={{ px: 2, pt: 1 }}>
        {(['pending', 'decided'] as const).map((s) => (
          <Button
            key={s}
            component={Link}
            to={s === 'pending' ? '/home/large2' : '/home/large3'}
            replace
            size="small"
            variant={s === status ? 'contained' : 'text'}
            data-testid={`block-orders-switch-${s}`}
          >
            <FormattedMessage id={`home.block.${s}`} />
          </Button>
        ))}
      </Stack>
      <MarketTypeTabs testIdPrefix="block-orders-market-" value={type} onChange={setType} />
      <Orders key={type} type={type} status={status} />
    </RequireSession>
  )
}

export const PendingBlocksScreen = () => <BlockOrdersScreen status="pending" />
export const DecidedBlocksScreen = () => <BlockOrdersScreen status="decided" />

function Orders({ type, status }: { type: MarketType; status: 'pending' | 'decided' }) {
  const { state, reload } = useBlockRead(() => fetchOrders(type, status), [type, status])
  return (
    <Loaded load={state} onRetry={reload} empty={<FormattedMessage id="home.block.noOrders" />}>
      {(orders) => (
        <List data-testid={`block-orders-${status}`}>
          {orders.map((o) => (
            <OrderItem key={o.id} order={o} />
          ))}
        </List>
      )}
    </Loaded>
  )
}

function OrderItem({ order }: { order: BlockOrder }) {
  const f = useBlockFormat()
  const amount = orderMoney(order)
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={`/home/largeInfo?order=${order.id}`}
        data-testid={`block-order-${order.id}`}
        divider
      >
        <ListItemText
          primary={`${f.name(order)} ${order.code}`}
          secondary={
            <FormattedMessage
              id={amount.lineId}
              values={{ num: f.shares(amount.num), money: f.money(amount.money, order.currency) }}
            />
          }
        />
        <OrderStatus order={order} />
      </ListItemButton>
    </ListItem>
  )
}
