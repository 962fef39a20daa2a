import type { ExchangeRate } from '@kabu/shared/api/funds'
import { exchangeProceeds, parseAmount } from '@kabu/shared/api/funds-amounts'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'

export interface ExchangeQuote {
  rate: string
  spread: string
  /** What the user gets at this rate, as the server computes it (rounded down), or null. */
  got: string | null
  /** The message key of an amount that cannot be exchanged, or null. */
  problem: string | null
}

/**
 * The quote shown before confirming: the live mid rate, the spread, and what `money` of `from`
 * buys in `to` by the gateway's own rule (shared `exchangeProceeds`), so the screen never
 * promises more than the exchange pays.
 *
 * @example quoteFor(rates, 'JPY', 'USD', '10000')?.got // '65.66'
 */
export function quoteFor(
  rates: readonly ExchangeRate[],
  from: Currency,
  to: Currency,
  money: string,
): ExchangeQuote | null {
  if (from === to) return { rate: '1', spread: '0', got: null, problem: 'same_currency' }
  const rate = rates.find((r) => r.from === from && r.to === to)
  if (!rate) return null
  if (money.trim() === '') return { ...rate, got: null, problem: null }
  const units = parseAmount(money.trim(), from)
  if (units === 'amount_invalid') return { ...rate, got: null, problem: 'amount_invalid' }
  const got = exchangeProceeds(units, rate.rate, rate.spread, to)
  if (got <= 0n) return { ...rate, got: null, problem: 'amount_below_minimum' }
  return { rate: rate.rate, spread: rate.spread, got: formatUnits(got), problem: null }
}
