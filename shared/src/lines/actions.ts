import type { ProductLine } from './line'

const screens = { dividends: '/mine/dividends' } as const

/**
 * Corporate actions reaching holders (issue 36): dividends paid net of withholding, a short's
 * dividend equivalent (配当落調整金), a reverse split's cash in lieu of a fraction. A split's resting
 * orders that cannot follow it end as `trade_cancel`, trading's own kind.
 */
export const actions = {
  ledgerKinds: ['dividend', 'dividend_adjustment', 'split_cash'],
  userEvents: ['order:updated', 'dividend:paid'],
  screens,
  mine: { dividends: screens.dividends },
} as const satisfies ProductLine
