import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { formatMoney } from '../../ui/money'
import { OrderFigures } from './OrderFigures'
import type { ShortRules } from './short-draft'
import { Stepper } from './Stepper'
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
  const problem = error ?? ticket.problem
  return (
    <Stack spacing={2} data-testid="short-form">
      {ticket.quoteStale && (
        <Alert severity="warning" data-testid="short-stale">
          <FormattedMessage id="market.stale.notice" />
        </Alert>
      )}
      <Stepper
        label={<FormattedMessage id="stock.order.lots" />}
        text={ticket.lotsText}
        onText={ticket.setLotsText}
        onStep={ticket.stepLots}
        testId="short-lots"
        helper={
          <FormattedMessage
            id="stock.order.shares"
            values={{
              shares: estimate ? intl.formatNumber(estimate.shares) : '—',
              lot: intl.formatNumber(rules.lot),
            }}
          />
        }
      />
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
          <Typography variant="caption" color="text.secondary">
            <FormattedMessage id="stock.short.marketOnly" />
          </Typography>
        </Stack>
      </Alert>
      {problem && (
        <Alert severity="error" data-testid="short-error">
          {translateServerMessage(problem)}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        onClick={onReview}
        disabled={busy || !estimate || ticket.quoteStale}
        data-testid="short-review"
      >
        <FormattedMessage id="stock.order.review" />
      </Button>
    </Stack>
  )
}
