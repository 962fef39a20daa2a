import type { ReviewStatusCode } from '@kabu/shared/api/funds'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'

const STATUS: Record<ReviewStatusCode, { id: string; colour: 'warning' | 'success' | 'error' }> = {
  0: { id: 'mine.funds.status.pending', colour: 'warning' },
  1: { id: 'mine.funds.status.approved', colour: 'success' },
  2: { id: 'mine.funds.status.rejected', colour: 'error' },
}

/** The status of a reviewed request, as a coloured chip. */
export function StatusChip({ status }: { status: ReviewStatusCode }) {
  return (
    <Chip
      size="small"
      color={STATUS[status].colour}
      variant="outlined"
      label={<FormattedMessage id={STATUS[status].id} />}
    />
  )
}

/**
 * A rejection reason: the auto policy's reasons are keys this catalogue translates; an
 * operator's own words are shown as written.
 */
export function ReasonText({ reason }: { reason: string }) {
  const intl = useIntl()
  const id = `mine.funds.reason.${reason}`
  return <>{id in intl.messages ? intl.formatMessage({ id }) : translateServerMessage(reason)}</>
}

const at = (ms: number) => (
  <FormattedDate value={ms} dateStyle="short" timeStyle="short" hourCycle="h23" />
)

/**
 * One deposit or withdrawal: amount and status, then its timeline (submitted, then approved or
 * rejected, then for a withdrawal paid out, with times) and the reason of a rejection. `paid`
 * is a withdrawal's payment time from the ledger: without it the timeline stopped at 承認 while
 * the outcome said "paid" (issue 34 item 12).
 */
export function ReviewRecord(props: {
  status: ReviewStatusCode
  amount: ReactNode
  orderNo: string
  created: number
  decided: number | null
  paid?: number | null
  reason: string | null
  detail?: ReactNode
}) {
  return (
    <Stack spacing={0.5} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {props.amount}
        </Typography>
        <StatusChip status={props.status} />
      </Stack>
      {props.detail}
      <Typography variant="caption" color="text.secondary">
        {props.orderNo}
      </Typography>
      <Stack
        component="ol"
        sx={{ m: 0, pl: 2.5 }}
        aria-label="timeline"
        data-testid="review-timeline"
      >
        <Typography component="li" variant="caption">
          <FormattedMessage id="mine.funds.timeline.submitted" /> {at(props.created)}
        </Typography>
        {props.decided !== null && (
          <Typography component="li" variant="caption">
            <FormattedMessage
              id={
                props.status === 1 ? 'mine.funds.timeline.approved' : 'mine.funds.timeline.rejected'
              }
            />{' '}
            {at(props.decided)}
          </Typography>
        )}
        {props.paid != null && (
          <Typography component="li" variant="caption">
            <FormattedMessage id="mine.funds.timeline.paid" /> {at(props.paid)}
          </Typography>
        )}
      </Stack>
      {props.reason && (
        <Typography variant="body2" color="error">
          <FormattedMessage id="mine.funds.reason" />: <ReasonText reason={props.reason} />
        </Typography>
      )}
    </Stack>
  )
}
