import HighlightOffIcon from '@mui/icons-material/HighlightOff'
import HourglassTopIcon from '@mui/icons-material/HourglassTop'
import TaskAltIcon from '@mui/icons-material/TaskAlt'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { MarketType } from '@kabu/shared/market/types'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'

/** Where a placed order is shown to stand: the order machine's states after submitting. */
export type OutcomeState =
  'tracking' | 'pending' | 'cancelling' | 'holding' | 'closing' | 'cancelled' | 'closed' | 'failed'

const ICON = {
  good: <TaskAltIcon color="success" sx={{ fontSize: 56 }} />,
  wait: <HourglassTopIcon color="warning" sx={{ fontSize: 56 }} />,
  bad: <HighlightOffIcon color="error" sx={{ fontSize: 56 }} />,
}
const LOOK: Record<OutcomeState, keyof typeof ICON> = {
  tracking: 'wait',
  pending: 'wait',
  cancelling: 'wait',
  holding: 'good',
  closing: 'good',
  closed: 'good',
  cancelled: 'bad',
  failed: 'bad',
}

/** After confirming: filled (see it in positions), resting as a limit order (cancel), or ended. */
export function OrderOutcome({
  type,
  state,
  orderId,
  error,
  onCancelOrder,
  onNew,
}: {
  type: MarketType
  state: OutcomeState
  orderId: string | null
  error: string | null
  onCancelOrder: () => void
  onNew: () => void
}) {
  const ended = state === 'cancelled' || state === 'closed' || state === 'failed'
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center' }}
      role="status"
      data-testid="order-outcome"
      data-state={state}
    >
      {state === 'tracking' ? <CircularProgress /> : ICON[LOOK[state]]}
      <Typography variant="h6" sx={{ textAlign: 'center' }}>
        <FormattedMessage id={`stock.order.outcome.${state}`} />
      </Typography>
      {error && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {translateServerMessage(error)}
        </Alert>
      )}
      {state === 'pending' && (
        <Button
          color="error"
          variant="outlined"
          fullWidth
          onClick={onCancelOrder}
          data-testid="order-cancel"
        >
          <FormattedMessage id="stock.order.cancelOrder" />
        </Button>
      )}
      {orderId && !ended && (
        <Button
          component={RouterLink}
          // An order still in the book is shown in 注文照会; what filled, in its position.
          to={`/position/${state === 'pending' ? 'order' : 'info'}?type=${type}&id=${orderId}`}
          variant="contained"
          fullWidth
          data-testid="order-view-position"
        >
          <FormattedMessage
            id={state === 'pending' ? 'stock.orders.viewOrder' : 'stock.order.viewPosition'}
          />
        </Button>
      )}
      {ended && (
        <Button variant="contained" fullWidth onClick={onNew} data-testid="order-new">
          <FormattedMessage id="stock.order.again" />
        </Button>
      )}
    </Stack>
  )
}
