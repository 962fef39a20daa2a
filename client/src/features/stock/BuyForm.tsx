import Box from '@mui/material/Box'
import TextField from '@mui/material/TextField'
import { FormattedMessage } from 'react-intl'
import type { Market } from '@kabu/shared/market/types'
import { CreditTerms } from '../../ui/credit/CreditTerms'
import { AccountChoice } from './AccountChoice'
import { OrderFigures } from './OrderFigures'
import { OrderKindFields } from './OrderKindFields'
import { TicketForm } from './TicketForm'
import type { OrderForm } from './use-order-form'
import type { TicketRules } from './use-order-rules'

/**
 * The order ticket: market or limit, lots with a stepper (shares shown), the limit price stepping on
 * the tick grid, the estimate (amount, fee, total) against the available cash, the fund password
 * where the broker asks for it, the account (特定 or NISA, AccountChoice), cash or credit with the
 * credit terms, and the refusal of the last try.
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
  const needsPassword = rules.fundPasswordRequired && form.fundPassword.trim() === ''
  // A stale quote is no price to fill at: the broker refuses market orders (quote_stale) meanwhile.
  const marketPaused = rules.quoteStale && form.kind === 'market'
  return (
    <TicketForm
      testId="order"
      lots={form}
      shares={form.estimate?.shares}
      lot={rules.lot}
      stale={rules.quoteStale}
      staleDetail={
        form.kind === 'limit' && (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            <FormattedMessage id="market.stale.limitOnly" />
          </Box>
        )
      }
      problem={error ?? form.problem}
      reviewDisabled={busy || !form.estimate || needsPassword || marketPaused}
      onReview={onReview}
    >
      <OrderKindFields form={form} quoteStale={rules.quoteStale} days={days} />
      <AccountChoice
        account={form.account}
        onAccount={form.setAccount}
        leverage={form.leverage}
        room={rules.nisaRoom ?? null}
        closed={rules.nisaClosed ?? false}
      />
      <CreditTerms
        leverage={form.leverage}
        onLeverage={form.setLeverage}
        credit={form.estimate?.credit}
        market={market}
        currency={currency}
        minMargin={rules.creditMinMargin}
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
    </TicketForm>
  )
}
