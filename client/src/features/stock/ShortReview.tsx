import Typography from '@mui/material/Typography'
import type { LocalName } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'
import { OrderFigures } from './OrderFigures'
import { TicketReview, type ReviewActions } from './TicketReview'
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
  ...actions
}: ReviewActions & {
  estimate: ShortEstimate
  code: string
  name: LocalName
  currency: string
}) {
  const intl = useIntl()
  return (
    <TicketReview
      testId="short"
      titleId="stock.short.confirmTitle"
      confirmId="stock.short.confirm"
      summary={
        <FormattedMessage
          id="stock.short.sentence"
          values={{
            code,
            name: localName(name, intl.locale),
            num: intl.formatNumber(estimate.shares),
            leverage: estimate.leverage,
          }}
        />
      }
      {...actions}
    >
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
    </TicketReview>
  )
}
