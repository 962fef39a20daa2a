import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { OrderFigures } from './OrderFigures'
import type { ShortRules } from './short-draft'
import { TicketForm } from './TicketForm'
import type { ShortTicket } from './use-short-ticket'

/** A published rate ('0.0115') as the user's locale writes a percentage (1.15%). */
export const ratePercent = (locale: string, rate: string): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(Number(rate))

/**
 * The short ticket (信用新規売り): lots with a stepper (shares shown), the leverage of the margin
 * from the published choices, and what the sale comes to at the last price: proceeds, the margin
 * held, the fee, the cash it takes against the available cash, and the borrow fee (貸株料) a day
 * at the published rate; then the rules a short lives by (maintenance ratio, market only).
 */
export function ShortForm({
  ticket,
  rules,
  currency,
  error,
  busy,
  onReview,
}: {
  ticket: ShortTicket
  rules: ShortRules
  currency: string
  error: string | null
  busy: boolean
  onReview: () => void
}) {
  const intl = useIntl()
  const { estimate } = ticket
  return (
    <TicketForm
      testId="short"
      lots={ticket}
      shares={estimate?.shares}
      lot={rules.lot}
      stale={ticket.quoteStale}
      problem={error ?? ticket.problem}
      reviewDisabled={busy || !estimate || ticket.quoteStale}
      onReview={onReview}
    >
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary" id="short-leverage-label">
          <FormattedMessage id="stock.short.leverage" />
        </Typography>
        <ToggleButtonGroup
          value={ticket.leverage}
          exclusive
          fullWidth
          size="small"
          onChange={(_, value: number | null) => value && ticket.setLeverage(value)}
          aria-labelledby="short-leverage-label"
        >
          {rules.leverageChoices.map((choice) => (
            <ToggleButton key={choice} value={choice} data-testid={`short-leverage-${choice}`}>
              <FormattedMessage id="stock.short.times" values={{ n: choice }} />
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <OrderFigures
        currency={currency}
        rows={[
          {
            labelId: 'stock.short.proceeds',
            value: estimate?.proceeds ?? null,
            testId: 'short-proceeds',
          },
          {
            labelId: 'stock.short.margin',
            value: estimate?.margin ?? null,
            testId: 'short-margin',
          },
          { labelId: 'stock.short.fee', value: estimate?.fee ?? null, testId: 'short-fee' },
          {
            labelId: 'stock.short.total',
            value: estimate?.total ?? null,
            testId: 'short-total',
            strong: true,
          },
          { labelId: 'stock.order.available', value: rules.available, testId: 'short-available' },
        ]}
      />
      <Alert severity="info" icon={false} data-testid="short-rules">
        <Stack spacing={0.5}>
          <Typography variant="body2" data-testid="short-borrow-fee">
            <FormattedMessage
              id="stock.short.borrowFee"
              values={{
                rate: ratePercent(intl.locale, rules.borrowFeeRate),
                day: formatMoney(estimate?.borrowFeeDaily ?? null, currency, intl.locale),
              }}
            />
          </Typography>
          <Typography variant="body2">
            <FormattedMessage
              id="stock.short.call"
              values={{
                ratio: ratePercent(intl.locale, rules.maintenanceRatio),
                days: rules.callDays,
              }}
            />
          </Typography>
          {rules.minMargin && (
            <Typography variant="body2" data-testid="short-min-margin">
              <FormattedMessage
                id="stock.credit.terms.minMargin"
                values={{ amount: formatMoney(rules.minMargin, currency, intl.locale) }}
              />
            </Typography>
          )}
          {rules.priceRule && (
            <Typography variant="body2" data-testid="short-price-rule">
              <FormattedMessage
                id="stock.short.priceRule"
                values={{
                  fall: ratePercent(intl.locale, rules.priceRule.fall),
                  units: intl.formatNumber(rules.priceRule.exemptUnits),
                }}
              />
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            <FormattedMessage id="stock.short.marketOnly" />
          </Typography>
        </Stack>
      </Alert>
    </TicketForm>
  )
}
