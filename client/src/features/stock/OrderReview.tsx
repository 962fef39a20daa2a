import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { priceText, type OrderDraft, type OrderEstimate } from './order-draft'
import { orderSentence, type SentenceOrder } from '../../ui/orders/order-sentence'
import { OrderFigures } from './OrderFigures'
import { TicketReview, type ReviewActions } from './TicketReview'

/** The last look before money is frozen: what will be bought, at what, for how much in total. */
export function OrderReview({
  draft,
  estimate,
  code,
  currency,
  ...actions
}: ReviewActions & {
  draft: OrderDraft
  estimate: OrderEstimate
  code: string
  currency: string
}) {
  const intl = useIntl()
  return (
    <TicketReview
      testId="order"
      titleId="stock.order.confirmTitle"
      confirmId="stock.order.confirm"
      summary={orderSentence(intl, sentenceOf(draft, estimate, code), currency)}
      {...actions}
    >
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
      {draft.account === 'nisa' && (
        <Typography variant="body2" data-testid="confirm-nisa">
          <FormattedMessage id="stock.order.account.review" />
        </Typography>
      )}
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
    </TicketReview>
  )
}

/** The ticket's draft as the order it reads back as. */
function sentenceOf(d: OrderDraft, estimate: OrderEstimate, code: string): SentenceOrder {
  const text = (price: number | undefined) => (price === undefined ? null : priceText(price))
  return {
    code,
    side: 'buy',
    leverage: d.leverage ?? 1,
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
