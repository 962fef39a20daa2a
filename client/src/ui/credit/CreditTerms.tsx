import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { CREDIT_RULES, dailyInterest } from '@kabu/shared/market/credit'
import type { Market } from '@kabu/shared/market/types'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../money'

const percent = (rate: string) => `${(Number(rate) * 100).toFixed(1)} %`

/**
 * The ticket's cash or credit choice and, for credit, every threshold before the buy (issue 14):
 * the margin the user pays, what the house lends, the interest (a year's rate and the first day's
 * amount), the maintenance ratio and what happens under it. The figures are the shared rules the
 * gateway applies (shared/market/credit.ts), and the least 委託保証金 that opens credit in Japan
 * (`minMargin`, from /common/config).
 */
export function CreditTerms({
  leverage,
  onLeverage,
  credit,
  market,
  currency,
  minMargin = null,
}: {
  leverage: number
  onLeverage: (leverage: number) => void
  credit: { margin: string; debt: string } | undefined
  market: Market
  currency: string
  minMargin?: string | null
}) {
  const intl = useIntl()
  const money = (v: string | null) => formatMoney(v, currency, intl.locale)
  const firstDay = credit ? formatUnits(dailyInterest(parseUnits(credit.debt) ?? 0n, market)) : null
  return (
    <Stack spacing={1} data-testid="credit-terms">
      <ToggleButtonGroup
        value={leverage}
        exclusive
        fullWidth
        size="small"
        onChange={(_, value: number | null) => value && onLeverage(value)}
        aria-label={intl.formatMessage({ id: 'stock.credit.leverage' })}
      >
        {CREDIT_RULES.leverageChoices.map((choice) => (
          <ToggleButton key={choice} value={choice} data-testid={`order-leverage-${choice}`}>
            {choice === 1 ? (
              <FormattedMessage id="stock.credit.cash" />
            ) : (
              <FormattedMessage id="stock.credit.times" values={{ n: choice }} />
            )}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {leverage > 1 && (
        <Alert severity="info" icon={false} data-testid="credit-rules">
          <Stack spacing={0.5}>
            <Typography variant="body2" data-testid="credit-margin">
              <FormattedMessage
                id="stock.credit.terms.margin"
                values={{ amount: money(credit?.margin ?? null) }}
              />
            </Typography>
            <Typography variant="body2" data-testid="credit-debt">
              <FormattedMessage
                id="stock.credit.terms.debt"
                values={{ amount: money(credit?.debt ?? null) }}
              />
            </Typography>
            <Typography variant="body2">
              <FormattedMessage
                id="stock.credit.terms.interest"
                values={{ rate: percent(CREDIT_RULES.annualRate), day: money(firstDay) }}
              />
            </Typography>
            <Typography variant="body2">
              <FormattedMessage
                id="stock.credit.terms.call"
                values={{
                  ratio: percent(CREDIT_RULES.maintenanceRatio),
                  days: CREDIT_RULES.callDays,
                }}
              />
            </Typography>
            {minMargin && (
              <Typography variant="body2" data-testid="credit-min-margin">
                <FormattedMessage
                  id="stock.credit.terms.minMargin"
                  values={{ amount: money(minMargin) }}
                />
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              <FormattedMessage id="stock.credit.terms.fillsAtOnce" />
            </Typography>
          </Stack>
        </Alert>
      )}
    </Stack>
  )
}
