import { ratePercent, type Product } from '@kabu/shared/api/follow'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { FigureRows } from '../../ui/FigureRows'
import { formatMoney } from '../../ui/money'

const when = (at: number) => <FormattedDate value={at} dateStyle="medium" timeStyle="short" />

/**
 * Every figure a product publishes (spec §2 "Copy-trading", §3 "Follow order"), the accrual time
 * and the rounding rule in words: what the gateway pays by.
 */
export function ProductFigures({ product }: { product: Product }) {
  const intl = useIntl()
  const money = (value: string) => formatMoney(value, product.currency, intl.locale)
  return (
    <Stack spacing={1} sx={{ p: 2 }} data-testid="follow-figures">
      <FigureRows
        rows={[
          { labelId: 'home.follow.issuer', value: product.issuer },
          {
            labelId: 'home.follow.dailyRate',
            testId: 'follow-rate',
            value: (
              <FormattedMessage
                id="home.follow.dailyRateValue"
                values={{ rate: ratePercent(product.daily_rate) }}
              />
            ),
          },
          { labelId: 'home.follow.min', value: money(product.min), testId: 'follow-min' },
          {
            labelId: 'home.follow.lockDays',
            testId: 'follow-lock-days',
            value: (
              <FormattedMessage
                id="home.follow.lockDaysValue"
                values={{ days: product.lock_days }}
              />
            ),
          },
          { labelId: 'home.follow.deadline', value: when(product.deadline) },
          { labelId: 'home.follow.capacity', value: money(product.capacity) },
          {
            labelId: 'home.follow.remaining',
            value: money(product.remaining),
            testId: 'follow-remaining',
          },
          { labelId: 'home.follow.daysLeft', value: product.days_left },
          { labelId: 'home.follow.minTotal', value: money(product.min_total_profit) },
          {
            labelId: 'home.follow.accrual',
            value: (
              <FormattedMessage
                id="home.follow.accrualValue"
                values={{ time: product.accrual_time, zone: product.time_zone }}
              />
            ),
          },
        ]}
      />
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="home.follow.rounding" />
      </Typography>
      <Typography variant="caption" color="text.secondary" data-testid="follow-rounding">
        <FormattedMessage
          id="home.follow.roundingText"
          values={{
            unit: intl.formatMessage({ id: `home.follow.unit.${product.currency}` }),
          }}
        />
      </Typography>
    </Stack>
  )
}
