import type { Currency } from '@kabu/shared/money/currencies'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { formatMoney } from '../../ui/money'
import type { ExchangeQuote } from './quote'
import { QuoteLines } from './QuoteLines'

/** The last look: pay this, at this rate and spread, get about this (the rate may turn). */
export function ExchangeConfirm(props: {
  open: boolean
  busy: boolean
  error: string | null
  from: Currency
  to: Currency
  money: string
  quote: ExchangeQuote | null
  onConfirm: () => void
  onCancel: () => void
}) {
  const intl = useIntl()
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onCancel} fullWidth>
      <DialogTitle>
        <FormattedMessage id="mine.exchange.confirmTitle" />
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          <FormattedMessage
            id="mine.exchange.pay"
            values={{ amount: formatMoney(props.money, props.from, intl.locale) }}
          />
        </Typography>
        {props.quote && <QuoteLines quote={props.quote} from={props.from} to={props.to} />}
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="mine.exchange.rateMayMove" />
        </Typography>
        {props.error && <Alert severity="error">{translateServerMessage(props.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy} data-testid="exchange-cancel">
          <FormattedMessage id="mine.funds.cancel" />
        </Button>
        <Button
          variant="contained"
          onClick={props.onConfirm}
          disabled={props.busy}
          data-testid="exchange-confirm"
          startIcon={props.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          <FormattedMessage id="mine.funds.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
