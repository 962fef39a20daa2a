import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { formatMoney } from '../../ui/money'
import type { CreditEvent } from './credit.machine'

/** The trust-funds region of the credit machine, as the form shows it. */
export type TrustPhase = 'idle' | 'confirming' | 'submitting' | 'pending' | 'applied' | 'rejected'

// A short's trust funds join its margin; a credit buy's repay its loan.
const TEXTS = {
  long: {
    confirm: 'stock.credit.trust.confirm',
    applied: 'stock.credit.trust.applied',
    note: 'stock.credit.trust.note',
  },
  short: {
    confirm: 'stock.credit.trust.confirm.short',
    applied: 'stock.credit.trust.applied.short',
    note: 'stock.credit.trust.note.short',
  },
} as const

/**
 * Adding trust funds (追加保証金) to a credit position: an amount, a confirmation, then the review's
 * verdict. On a credit buy they repay its loan; on a short they join its margin (up to its
 * proceeds), so the texts that say where the money goes differ.
 */
export function TrustFundsForm({
  phase,
  short,
  busy,
  asked,
  error,
  reason,
  currency,
  send,
}: {
  phase: TrustPhase
  short: boolean
  busy: boolean
  /** The amount being confirmed. */
  asked: string | null
  error: string | null
  reason: string | null
  currency: string
  send: (event: CreditEvent) => void
}) {
  const intl = useIntl()
  const [amount, setAmount] = useState('')
  const text = TEXTS[short ? 'short' : 'long']
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="trust-form">
      {phase === 'confirming' ? (
        <Alert
          severity="info"
          data-testid="trust-confirm"
          action={
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                onClick={() => send({ type: 'CANCEL' })}
                data-testid="trust-back"
              >
                <FormattedMessage id="stock.order.back" />
              </Button>
              <Button
                size="small"
                variant="contained"
                onClick={() => send({ type: 'CONFIRM' })}
                data-testid="trust-confirm-button"
              >
                <FormattedMessage id="stock.order.confirm" />
              </Button>
            </Stack>
          }
        >
          <FormattedMessage
            id={text.confirm}
            values={{ amount: formatMoney(asked, currency, intl.locale) }}
          />
        </Alert>
      ) : (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            fullWidth
            label={<FormattedMessage id="stock.credit.trust.amount" values={{ currency }} />}
            value={amount}
            onChange={(e) => setAmount(e.target.value.trim())}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'trust-amount' } }}
            disabled={busy}
          />
          <Button
            variant="outlined"
            onClick={() => send({ type: 'ADD', credit: amount })}
            disabled={busy || amount === ''}
            data-testid="trust-add"
          >
            <FormattedMessage id="stock.credit.trust.add" />
          </Button>
        </Stack>
      )}
      {error && (
        <Alert severity="error" data-testid="trust-error">
          {translateServerMessage(error)}
        </Alert>
      )}
      {phase === 'pending' && (
        <Alert severity="info" data-testid="trust-pending">
          <FormattedMessage id="stock.credit.trust.pending" />
        </Alert>
      )}
      {phase === 'applied' && (
        <Alert severity="success" data-testid="trust-applied">
          <FormattedMessage id={text.applied} />
        </Alert>
      )}
      {phase === 'rejected' && (
        <Alert severity="error" data-testid="trust-rejected">
          <FormattedMessage id="stock.credit.trust.rejected" values={{ reason: reason ?? '' }} />
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id={text.note} />
      </Typography>
    </Stack>
  )
}
