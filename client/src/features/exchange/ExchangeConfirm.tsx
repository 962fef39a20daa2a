import type { Currency } from '@kabu/shared/money/currencies'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
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
    <ConfirmDialog
      open={props.open}
      titleId="mine.exchange.confirmTitle"
      busy={props.busy}
      error={props.error}
      testId="exchange"
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <Typography>
        <FormattedMessage
          id="mine.exchange.pay"
          values={{ amount: formatMoney(props.money, props.from, intl.locale) }}
        />
      </Typography>
      {props.quote && <QuoteLines quote={props.quote} from={props.from} to={props.to} />}
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="mine.exchange.rateMayMove" />
      </Typography>
    </ConfirmDialog>
  )
}
