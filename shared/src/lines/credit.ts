import type { ProductLine } from './line'

/** Stock credit (信用取引): credit buys and short sales on the Positions screen, interest, margin calls. */
export const credit = {
  // a credit buy (margin and fee), its sale (the debt repaid first), each day's interest, trust
  // funds held, applied to the debt, or returned; a short sale (its margin held), its cover and
  // each day's borrow fee
  ledgerKinds: [
    'credit_buy',
    'credit_sell',
    'credit_interest',
    'credit_freeze',
    'credit_trust_funds',
    'credit_release',
    'credit_short',
    'credit_cover',
    'credit_borrow_fee',
  ],
  userEvents: ['credit:call', 'review:decided'],
  screens: {},
} as const satisfies ProductLine
