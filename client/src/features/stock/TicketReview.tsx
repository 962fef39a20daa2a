import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'

/** What a ticket's confirmation does: the refusal of the last try, the call on its way, yes, back. */
export interface ReviewActions {
  error: string | null
  busy: boolean
  onConfirm: () => void
  onBack: () => void
}

/** The review's actions from a ticket machine's state: each ticket confirms and steps back alike. */
export const reviewActions = (
  state: { context: { error: string | null }; hasTag: (tag: string) => boolean },
  send: (event: { type: 'CONFIRM' } | { type: 'CANCEL' }) => void,
): ReviewActions => ({
  error: state.context.error,
  busy: state.hasTag('busy'),
  onConfirm: () => send({ type: 'CONFIRM' }),
  onBack: () => send({ type: 'CANCEL' }),
})

/**
 * The last look of a ticket in the sheet (the buy, the short sale): its title, the order read back
 * in words, its figures and notes, the refusal of the last try, then back or confirm.
 * Test ids are `<testId>-confirmation`, `-summary`, `-back` and `-confirm`.
 */
export function TicketReview({
  testId,
  titleId,
  confirmId,
  summary,
  children,
  error,
  busy,
  onConfirm,
  onBack,
}: ReviewActions & {
  testId: string
  titleId: string
  confirmId: string
  summary: ReactNode
  /** The figures and the ticket's own notes. */
  children: ReactNode
}) {
  return (
    <Stack spacing={2} data-testid={`${testId}-confirmation`}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        <FormattedMessage id={titleId} />
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid={`${testId}-summary`}>
        {summary}
      </Typography>
      {children}
      {error && <Alert severity="error">{translateServerMessage(error)}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button fullWidth onClick={onBack} disabled={busy} data-testid={`${testId}-back`}>
          <FormattedMessage id="stock.order.back" />
        </Button>
        <Button
          fullWidth
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid={`${testId}-confirm`}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          <FormattedMessage id={confirmId} />
        </Button>
      </Stack>
    </Stack>
  )
}
