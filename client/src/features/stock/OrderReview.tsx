import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { formatMoney } from '../../ui/money'
import { priceText, type OrderDraft, type OrderEstimate } from './order-draft'
import { orderSentence, type SentenceOrder } from '../../ui/orders/order-sentence'
import { OrderFigures } from './OrderFigures'

/** The last look before money is frozen: what will be bought, at what, for how much in total. */
export function OrderReview({
  draft,
  estimate,
  code,
  currency,
  error,
  busy,
  onConfirm,
  onBack,
}: {
  draft: OrderDraft
  estimate: OrderEstimate
  code: string
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
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="order-summary">
        {orderSentence(intl, sentenceOf(draft, estimate, code), currency)}
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
      {(draft.kind === 'stop' || draft.kind === 'trailing') && (
        <Typography variant="caption" color="text.secondary" data-testid="confirm-stop-hold">
          <FormattedMessage
            id="stock.orders.ticket.stopHold"
            values={{ price: formatMoney(estimate.price, currency, intl.locale) }}
          />
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

/** The ticket's draft as the order it reads back as. */
function sentenceOf(d: OrderDraft, estimate: OrderEstimate, code: string): SentenceOrder {
  const text = (price: number | undefined) => (price === undefined ? null : priceText(price))
  return {
    code,
    side: 'buy',
    kind: d.kind,
    num: estimate.shares,
    price: d.kind === 'limit' || d.kind === 'stop_limit' ? text(d.limitPrice) : null,
    trigger: text(d.triggerPrice),
    trail: text(d.trail),
    validity: d.validity ?? 'day',
    group: d.exit ? (d.exit.trigger === undefined ? 'ifd' : 'ifdoco') : null,
    exitPrice: text(d.exit?.price),
    exitTrigger: text(d.exit?.trigger),
  }
}
