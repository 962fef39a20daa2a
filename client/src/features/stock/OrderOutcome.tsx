import HighlightOffIcon from '@mui/icons-material/HighlightOff'
import HourglassTopIcon from '@mui/icons-material/HourglassTop'
import TaskAltIcon from '@mui/icons-material/TaskAlt'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { MarketType } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { formatMoney } from '../../ui/money'
import type { OrderProgress } from './order.machine'

/** Where a placed order is shown to stand: the order machine's states after submitting. */
export type OutcomeState =
  | 'tracking'
  | 'waiting'
  | 'pending'
  | 'partial'
  | 'cancelling'
  | 'holding'
  | 'closing'
  | 'cancelled'
  | 'expired'
  | 'closed'
  | 'failed'

const ICON = {
  good: <TaskAltIcon color="success" sx={{ fontSize: 56 }} />,
  wait: <HourglassTopIcon color="warning" sx={{ fontSize: 56 }} />,
  bad: <HighlightOffIcon color="error" sx={{ fontSize: 56 }} />,
}
// Each title spelled out, so that the catalogue test sees every one the outcome can show.
const LOOK: Record<OutcomeState, [keyof typeof ICON, string]> = {
  tracking: ['wait', 'stock.order.outcome.tracking'],
  waiting: ['wait', 'stock.order.outcome.waiting'],
  pending: ['wait', 'stock.order.outcome.pending'],
  partial: ['wait', 'stock.order.outcome.partial'],
  cancelling: ['wait', 'stock.order.outcome.cancelling'],
  holding: ['good', 'stock.order.outcome.holding'],
  closing: ['good', 'stock.order.outcome.closing'],
  closed: ['good', 'stock.order.outcome.closed'],
  cancelled: ['bad', 'stock.order.outcome.cancelled'],
  expired: ['bad', 'stock.order.outcome.expired'],
  failed: ['bad', 'stock.order.outcome.failed'],
}
/** Still in the book: cancelled from here. */
const WORKING: ReadonlySet<OutcomeState> = new Set(['waiting', 'pending', 'partial'])
const ENDED: ReadonlySet<OutcomeState> = new Set(['cancelled', 'expired', 'closed', 'failed'])

/**
 * After confirming: waiting for its trigger (at what price), resting, partly filled (how much),
 * bought (see it in positions), or ended.
 */
export function OrderOutcome({
  type,
  currency,
  state,
  orderId,
  progress,
  error,
  onCancelOrder,
  onNew,
}: {
  type: MarketType
  currency: string
  state: OutcomeState
  orderId: string | null
  progress: OrderProgress | null
  error: string | null
  onCancelOrder: () => void
  onNew: () => void
}) {
  const intl = useIntl()
  const [look, title] = LOOK[state]
  const working = WORKING.has(state)
  // An order still in the book is shown in 注文照会; what filled, in its position.
  const inBook = working || state === 'cancelling'
  const ended = ENDED.has(state)
  // A part bought shows while the rest works, and once a cancel or a lapse ended the rest.
  const inPart = progress !== null && progress.filled > 0 && progress.filled < progress.num
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center' }}
      role="status"
      data-testid="order-outcome"
      data-state={state}
    >
      {state === 'tracking' ? <CircularProgress /> : ICON[look]}
      <Typography variant="h6" sx={{ textAlign: 'center' }}>
        <FormattedMessage id={title} />
      </Typography>
      {state === 'waiting' && progress?.trigger && (
        <Typography variant="body1" data-testid="order-outcome-trigger">
          <FormattedMessage
            id="stock.order.outcome.trigger"
            values={{ trigger: formatMoney(progress.trigger, currency, intl.locale) }}
          />
        </Typography>
      )}
      {inPart && (
        <Typography
          variant="body1"
          data-testid="order-outcome-filled"
          data-filled={progress.filled}
          data-num={progress.num}
        >
          <FormattedMessage
            id="stock.orders.filled"
            values={{
              filled: intl.formatNumber(progress.filled),
              num: intl.formatNumber(progress.num),
            }}
          />
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {translateServerMessage(error)}
        </Alert>
      )}
      {working && (
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
          to={`/position/${inBook ? 'order' : 'info'}?type=${type}&id=${orderId}`}
          variant="contained"
          fullWidth
          data-testid="order-view-position"
        >
          <FormattedMessage id={inBook ? 'stock.orders.viewOrder' : 'stock.order.viewPosition'} />
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
