import type { HeldCommand } from '@kabu/shared/api/freeze-covers'
import { FUND_PASSWORD } from '../support/identity'
import { TOYOTA } from './trading.support'

/**
 * A form that passes each held command's schema (without `idem`), for the trust-freeze tests: ids
 * of nothing the user owns, so a command the hold lets through is refused by its own rules or,
 * funded, simply goes through. A command added to the table without a form here fails the
 * typecheck.
 */
export function formOf(command: HeldCommand, card: string): Record<string, string> {
  const forms: Record<HeldCommand, Record<string, string>> = {
    withdraw: { type: 'jpy', money: '20000', bank_id: card, fund_password: FUND_PASSWORD },
    stock_buy: { type: 'jpy', code: TOYOTA, num: '100' },
    stock_sell: { id: '999999', num: '100' },
    order_amend: { id: '999999', num: '100' },
    ipo_subscribe: { id: '999999', num: '100' },
    ipo_pay: { id: '999999', fund_password: FUND_PASSWORD },
    block_buy: { id: '999999', num: '100', fund_password: FUND_PASSWORD },
    follow_buy: { id: '999999', money: '10000', fund_password: FUND_PASSWORD },
    follow_end: { id: '999999' },
    daytrade_apply: { type: 'jpy', money: '50000' },
    daytrade_order: { id: '999999', code: TOYOTA, side: 'buy', num: '100' },
    exchange: { from: 'JPY', to: 'USD', money: '1000' },
    loan: { type: 'jpy', money: '10000' },
  }
  return forms[command]
}
