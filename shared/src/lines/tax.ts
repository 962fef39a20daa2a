import type { ProductLine } from './line'

const screens = { tax: '/mine/tax', taxReport: '/mine/taxReport' } as const

/**
 * The taxable account's tax (issue 36): each sale's withholding of the rise in the year's net gain
 * (`tax_withheld`), or the refund a loss brings (`tax_refund`); the summary screen under Mine, from
 * which the annual report (a printable page and a CSV) opens.
 */
export const tax = {
  ledgerKinds: ['tax_withheld', 'tax_refund'],
  userEvents: [],
  screens,
  mine: { tax: screens.tax },
} as const satisfies ProductLine
