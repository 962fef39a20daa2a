import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { formatMoney } from '../../ui/money'
import type { OrderDraft, OrderEstimate } from './order-draft'
import { OrderFigures } from './OrderFigures'

/** The last look before money is frozen: what will be bought, at what, for how much in total. */
export function OrderReview({
  draft,
  estimate,
  currency,
  error,
  busy,
  onConfirm,
  onBack,
}: {
  draft: OrderDraft
  estimate: OrderEstimate
  currency: string
  error: string | null
  busy: boolean
  onConfirm: () => void
  onBack: () => void
}) {
  const intl = useIntl()
  return (
    <Stack spacing={2} data-testid="order-confirmation">
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        <FormattedMessage id="stock.order.confirmTitle" />
      </Typography>
      <Typography variant="body2" data-testid="order-summary">
        <FormattedMessage
          id={draft.kind === 'limit' ? 'stock.order.summaryLimit' : 'stock.order.summaryMarket'}
          values={{
            shares: intl.formatNumber(estimate.shares),
            price: formatMoney(estimate.price, currency, intl.locale),
          }}
        />
      </Typography>
      <OrderFigures
        currency={currency}
        rows={[
          { labelId: 'stock.order.amount', value: estimate.amount, testId: 'confirm-amount' },
          { labelId: 'stock.order.fee', value: estimate.fee, testId: 'confirm-fee' },
          ...(estimate.credit
            ? [
                {
                  labelId: 'stock.credit.review.margin',
                  value: estimate.credit.margin,
                  testId: 'confirm-margin',
                },
                {
                  labelId: 'stock.credit.review.debt',
                  value: estimate.credit.debt,
                  testId: 'confirm-debt',
                },
              ]
            : []),
          {
            labelId: 'stock.order.total',
            value: estimate.total,
            testId: 'confirm-total',
            strong: true,
          },
        ]}
      />
      {estimate.credit && (
        <Typography variant="caption" data-testid="confirm-credit">
          <FormattedMessage
            id="stock.credit.review.note"
            values={{ leverage: estimate.credit.leverage }}
          />
        </Typography>
      )}
      {draft.kind === 'market' && (
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="stock.order.marketNote" />
        </Typography>
      )}
      {error && <Alert severity="error">{translateServerMessage(error)}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button fullWidth onClick={onBack} disabled={busy} data-testid="order-back">
          <FormattedMessage id="stock.order.back" />
        </Button>
        <Button
          fullWidth
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid="order-confirm"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          <FormattedMessage id="stock.order.confirm" />
        </Button>
      </Stack>
    </Stack>
  )
}
