import { minorStep } from '@kabu/shared/api/funds-amounts'
import type { Currency } from '@kabu/shared/money/currencies'
import { parseUnits } from '@kabu/shared/money/decimal'

/**
 * How the deposit screen states the per-deposit limit of a channel: "up to the maximum" when the
 * minimum is only the currency's smallest unit (¥1, $0.01: any amount), which "¥1 – ¥10,000,000,000"
 * stated as if it were a rule (issue 34 item 11); "minimum – maximum" when a real minimum is set.
 * The amounts stay wire decimals; the screen formats them.
 *
 * @example depositLimitText({ min: '1', max: '500000', currency: 'JPY' }) // { id: '…limitUpTo', values: { max: '500000' } }
 */
export function depositLimitText(channel: { min: string; max: string; currency: Currency }): {
  id: string
  values: { min?: string; max: string }
} {
  const min = parseUnits(channel.min)
  if (min === null || min <= minorStep(channel.currency)) {
    return { id: 'mine.funds.deposit.limitUpTo', values: { max: channel.max } }
  }
  return { id: 'mine.funds.deposit.limitRange', values: { min: channel.min, max: channel.max } }
}
