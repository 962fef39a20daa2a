import type { ProductOrder } from '@kabu/shared/api/follow'
import Chip from '@mui/material/Chip'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { formatMoney } from '../money'
import { localName } from '../price/names'

const STATE_COLOUR = { locked: 'warning', following: 'success', ended: 'default' } as const

/**
 * One follow order: the product, its spec §4 state, the buy amount and the profit accrued, and the
 * lock-up's end (or when it ended). The follow-order records and Positions both list it.
 */
export function FollowOrderRow({ order }: { order: ProductOrder }) {
  const intl = useIntl()
  const money = (value: string) => formatMoney(value, order.currency, intl.locale)
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={`/mine/followOrder?id=${order.id}`}
        divider
        data-testid={`follow-order-${order.id}`}
      >
        <Stack sx={{ flex: 1, gap: 0.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{localName(order.name, intl.locale)}</Typography>
            <Chip
              size="small"
              color={STATE_COLOUR[order.state]}
              data-testid={`follow-order-state-${order.id}`}
              label={<FormattedMessage id={`mine.followOrder.state.${order.state}`} />}
            />
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="mine.followOrder.principal" /> {money(order.principal)}
            </Typography>
            <Typography variant="body2" data-testid={`follow-order-profit-${order.id}`}>
              <FormattedMessage id="mine.followOrder.profit" /> {money(order.profit)}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {order.ended === null ? (
              <>
                <FormattedMessage id="mine.followOrder.lockUntil" />{' '}
                <FormattedDate value={order.lock_until} dateStyle="medium" timeStyle="short" />
              </>
            ) : (
              <>
                <FormattedMessage id={`mine.followOrder.endReason.${order.end_reason ?? 'user'}`} />{' '}
                <FormattedDate value={order.ended} dateStyle="medium" timeStyle="short" />
              </>
            )}
          </Typography>
        </Stack>
      </ListItemButton>
    </ListItem>
  )
}
