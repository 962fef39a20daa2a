/**
 * The kind of a user's taxable account (MARKET-RULES.md §10): 特定口座 源泉徴収あり (the default),
 * 特定口座 源泉徴収なし, 一般口座. Only the first has the broker withhold at each sale and take the
 * account's dividends into the year's netting (配当受入); in the others the year's gains are still
 * computed (the summary and the annual report show them) and the user files.
 */
export const TAX_KINDS = ['tokutei_withholding', 'tokutei', 'ippan'] as const
export type TaxKind = (typeof TAX_KINDS)[number]

/** Whether sales withhold and dividends join the year's netting in an account of `kind`. */
export const withholdsAtSale = (kind: TaxKind): boolean => kind === 'tokutei_withholding'
