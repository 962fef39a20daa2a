import TaskAltIcon from '@mui/icons-material/TaskAlt'
import HighlightOffIcon from '@mui/icons-material/HighlightOff'
import HourglassTopIcon from '@mui/icons-material/HourglassTop'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { ReasonText } from './ReviewRecord'

/**
 * After a deposit or withdrawal was sent: the amount sent, pending review, then approved or
 * rejected (with the reason), live. `area` picks the texts (`mine.funds.<area>.pending` ...).
 */
export function RequestOutcome({
  area,
  state,
  amount,
  reason,
  recordsPath,
  onNew,
}: {
  area: 'deposit' | 'withdraw'
  state: 'pendingReview' | 'approved' | 'rejected'
  /** The amount sent, formatted: an outcome without it said nothing of which request it was. */
  amount: string
  reason: string | null
  recordsPath: string
  onNew: () => void
}) {
  const Icon =
    state === 'approved' ? TaskAltIcon : state === 'rejected' ? HighlightOffIcon : HourglassTopIcon
  const colour = state === 'approved' ? 'success' : state === 'rejected' ? 'error' : 'warning'
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', p: 3 }}
      role="status"
      data-testid={`${area}-outcome`}
      data-state={state}
    >
      <Icon color={colour} sx={{ fontSize: 64 }} />
      <Typography variant="h6" sx={{ textAlign: 'center' }}>
        <FormattedMessage id={`mine.funds.${area}.${state}`} />
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700 }}
        data-testid={`${area}-outcome-amount`}
      >
        {amount}
      </Typography>
      {state === 'rejected' && reason && (
        <Typography color="error">
          <ReasonText reason={reason} />
        </Typography>
      )}
      <Button component={RouterLink} to={recordsPath} variant="outlined" fullWidth>
        <FormattedMessage id="mine.funds.records" />
      </Button>
      {state !== 'pendingReview' && (
        <Button onClick={onNew} variant="contained" fullWidth data-testid={`${area}-new`}>
          <FormattedMessage id={`mine.funds.${area}.again`} />
        </Button>
      )}
    </Stack>
  )
}
