import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import type { OrderStatus, WireOrder } from '@kabu/shared/api/orders'
import type { MarketType } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { orderSentence } from '../../ui/orders/order-sentence'
import { orderTrade } from '../../ui/orders/order-trade'
import { localName } from '../../ui/price/names'
import { ROW_LINK_SX } from './HoldingRow'

const STATUS_COLOUR = {
  waiting: 'info',
  open: 'warning',
  partial: 'warning',
  filled: 'success',
  cancelled: 'default',
  expired: 'default',
  refused: 'error',
} as const satisfies Record<OrderStatus, string>

/** An order's status (API.md "Orders") as a small chip. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOUR[status]}
      label={<FormattedMessage id={`stock.orders.status.${status}`} />}
      data-testid="order-status"
      data-status={status}
    />
  )
}

/** One order of 注文中: what it is in words, how much filled; a tap opens 注文照会. */
export function OrderRow({
  o,
  type,
  currency,
}: {
  o: WireOrder
  type: MarketType
  currency: string
}) {
  const intl = useIntl()
  const trade = orderTrade(o)
  return (
    <ButtonBase
      component={RouterLink}
      to={`/position/order?type=${type}&id=${o.id}`}
      data-testid={`order-${o.id}`}
      data-kind={o.kind}
      data-trade={trade}
      data-code={o.code}
      sx={ROW_LINK_SX}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }} noWrap>
          <Typography
            component="span"
            variant="body2"
            sx={{ mr: 1, fontWeight: 700, color: o.side === 'buy' ? 'error.main' : 'info.main' }}
            data-testid="order-trade"
          >
            <FormattedMessage id={`stock.orders.trade.${trade}`} />
          </Typography>
          {localName(o.name, intl.locale)}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {o.code}
          </Typography>
        </Typography>
        <OrderStatusChip status={o.status} />
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="order-sentence">
        {orderSentence(intl, o, currency)}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.25 }}>
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id={`stock.orders.kind.${o.kind}`} />
          {o.group && (
            <>
              {' · '}
              <FormattedMessage id={`stock.orders.group.${o.group}`} />
            </>
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage
            id="stock.orders.filled"
            values={{ filled: intl.formatNumber(o.filled_num), num: intl.formatNumber(o.num) }}
          />
        </Typography>
      </Box>
    </ButtonBase>
  )
}
