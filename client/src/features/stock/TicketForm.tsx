import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { Stepper } from './Stepper'

/** The lots a ticket is for, as typed (use-order-form.ts, use-short-ticket.ts). */
export interface LotsField {
  lotsText: string
  setLotsText: (text: string) => void
  stepLots: (direction: 1 | -1) => void
}

/**
 * The frame of a ticket in the sheet (the buy, the short sale): the stale-quote warning, the lots
 * with a stepper (shares shown), the ticket's own fields and figures, the refusal of the last try
 * or what is wrong with the draft, and the button to the review. Test ids are `<testId>-form`,
 * `-stale`, `-lots`, `-error` and `-review`.
 */
export function TicketForm({
  testId,
  lots,
  shares,
  lot,
  stale,
  staleDetail,
  problem,
  reviewDisabled,
  onReview,
  children,
}: {
  testId: string
  lots: LotsField
  /** The shares the lots come to, when the draft prices. */
  shares: number | undefined
  lot: number
  stale: boolean
  /** What the ticket can still do while the quote is stale. */
  staleDetail?: ReactNode
  problem: string | null
  reviewDisabled: boolean
  onReview: () => void
  children: ReactNode
}) {
  const intl = useIntl()
  return (
    <Stack spacing={2} data-testid={`${testId}-form`}>
      {stale && (
        <Alert severity="warning" data-testid={`${testId}-stale`}>
          <FormattedMessage id="market.stale.notice" />
          {staleDetail}
        </Alert>
      )}
      <Stepper
        label={<FormattedMessage id="stock.order.lots" />}
        text={lots.lotsText}
        onText={lots.setLotsText}
        onStep={lots.stepLots}
        testId={`${testId}-lots`}
        helper={
          <FormattedMessage
            id="stock.order.shares"
            values={{
              shares: shares === undefined ? '—' : intl.formatNumber(shares),
              lot: intl.formatNumber(lot),
            }}
          />
        }
      />
      {children}
      {problem && (
        <Alert severity="error" data-testid={`${testId}-error`}>
          {translateServerMessage(problem)}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        onClick={onReview}
        disabled={reviewDisabled}
        data-testid={`${testId}-review`}
      >
        <FormattedMessage id="stock.order.review" />
      </Button>
    </Stack>
  )
}
