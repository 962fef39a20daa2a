import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { LocalName } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'
import { OrderFigures } from './OrderFigures'
import type { ShortEstimate } from './short-draft'
import { ratePercent } from './ShortForm'

/**
 * The last look before a short sale: the order read back in words ("7203 トヨタ 100 株を成行で
 * 信用新規売りします（信用 ×3）"), the margin it holds, the fee, the cash it takes, the borrow fee
 * a day, and how a short is closed.
 */
export function ShortReview({
  estimate,
  code,
  name,
  currency,
  error,
  busy,
  onConfirm,
  onBack,
}: {
  estimate: ShortEstimate
  code: string
  name: LocalName
  currency: string
  error: string | null
  busy: boolean
  onConfirm: () => void
  onBack: () => void
}) {
  const intl = useIntl()
  return (
    <Stack spacing={2} data-testid="short-confirmation">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        <FormattedMessage id="stock.short.confirmTitle" />
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="short-summary">
        <FormattedMessage
          id="stock.short.sentence"
          values={{
            code,
            name: localName(name, intl.locale),
            num: intl.formatNumber(estimate.shares),
            leverage: estimate.leverage,
          }}
        />
      </Typography>
      <OrderFigures
        currency={currency}
        rows={[
          { labelId: 'stock.short.proceeds', value: estimate.proceeds, testId: 'confirm-proceeds' },
          { labelId: 'stock.short.margin', value: estimate.margin, testId: 'confirm-margin' },
          { labelId: 'stock.short.fee', value: estimate.fee, testId: 'confirm-fee' },
          {
            labelId: 'stock.short.total',
            value: estimate.total,
            testId: 'confirm-total',
            strong: true,
          },
        ]}
      />
      <Typography variant="body2" data-testid="confirm-borrow-fee">
        <FormattedMessage
          id="stock.short.borrowFee"
          values={{
            rate: ratePercent(intl.locale, estimate.borrowFeeRate),
            day: formatMoney(estimate.borrowFeeDaily, currency, intl.locale),
          }}
        />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="stock.short.reviewNote" />
      </Typography>
      {error && <Alert severity="error">{translateServerMessage(error)}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button fullWidth onClick={onBack} disabled={busy} data-testid="short-back">
          <FormattedMessage id="stock.order.back" />
        </Button>
        <Button
          fullWidth
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid="short-confirm"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          <FormattedMessage id="stock.short.confirm" />
        </Button>
      </Stack>
    </Stack>
  )
}
