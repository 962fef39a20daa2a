import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Market } from '@kabu/shared/market/types'
import { translateServerMessage } from '../../i18n/intl'
import { CreditTerms } from '../../ui/credit/CreditTerms'
import { OrderFigures } from './OrderFigures'
import { OrderKindFields } from './OrderKindFields'
import { Stepper } from './Stepper'
import type { OrderForm } from './use-order-form'
import type { TicketRules } from './use-order-rules'

/**
 * The order ticket: market or limit, lots with a stepper (shares shown), the limit price stepping on
 * the tick grid, the estimate (amount, fee, total) against the available cash, the fund password
 * where the broker asks for it, cash or credit with the credit terms, and the refusal of the last
 * try.
 */
export function BuyForm({
  form,
  rules,
  market,
  currency,
  error,
  busy,
  days,
  onReview,
}: {
  form: OrderForm
  rules: TicketRules
  market: Market
  currency: string
  error: string | null
  busy: boolean
  /** The validity picker's days (use-validity-days.ts). */
  days: readonly string[]
  onReview: () => void
}) {
  const intl = useIntl()
  const needsPassword = rules.fundPasswordRequired && form.fundPassword.trim() === ''
  // A stale quote is no price to fill at: the broker refuses market orders (quote_stale) meanwhile.
  const marketPaused = rules.quoteStale && form.kind === 'market'
  return (
    <Stack spacing={2}>
      {rules.quoteStale && (
        <Alert severity="warning" data-testid="order-stale">
          <FormattedMessage id="market.stale.notice" />
          {form.kind === 'limit' && (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              <FormattedMessage id="market.stale.limitOnly" />
            </Box>
          )}
        </Alert>
      )}
      <Stepper
        label={<FormattedMessage id="stock.order.lots" />}
        text={form.lotsText}
        onText={form.setLotsText}
        onStep={form.stepLots}
        testId="order-lots"
        helper={
          <FormattedMessage
            id="stock.order.shares"
            values={{
              shares: form.estimate ? intl.formatNumber(form.estimate.shares) : '—',
              lot: intl.formatNumber(rules.lot),
            }}
          />
        }
      />
      <OrderKindFields form={form} quoteStale={rules.quoteStale} days={days} />
      <CreditTerms
        leverage={form.leverage}
        onLeverage={form.setLeverage}
        credit={form.estimate?.credit}
        market={market}
        currency={currency}
      />
      <OrderFigures
        currency={currency}
        rows={[
          {
            labelId: 'stock.order.amount',
            value: form.estimate?.amount ?? null,
            testId: 'order-amount',
          },
          { labelId: 'stock.order.fee', value: form.estimate?.fee ?? null, testId: 'order-fee' },
          {
            labelId: 'stock.order.total',
            value: form.estimate?.total ?? null,
            testId: 'order-total',
            strong: true,
          },
          { labelId: 'stock.order.available', value: rules.available, testId: 'order-available' },
        ]}
      />
      {rules.fundPasswordRequired && (
        <TextField
          type="password"
          size="small"
          label={<FormattedMessage id="stock.order.fundPassword" />}
          value={form.fundPassword}
          onChange={(e) => form.setFundPassword(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'order-fund-password', inputMode: 'numeric' } }}
        />
      )}
      {(error ?? form.problem) && (
        <Alert severity="error" data-testid="order-error">
          {translateServerMessage((error ?? form.problem)!)}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        onClick={onReview}
        disabled={busy || !form.estimate || needsPassword || marketPaused}
        data-testid="order-review"
      >
        <FormattedMessage id="stock.order.review" />
      </Button>
    </Stack>
  )
}
