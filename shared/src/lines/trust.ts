import type { ProductLine } from './line'

const screens = { trust: '/mine/trust' } as const

/** The trust panel (issue 17): reconciliation, the refusal rules, the self-freeze, the export. */
export const trust = {
  ledgerKinds: [],
  userEvents: [],
  screens,
  mine: { trust: screens.trust },
} as const satisfies ProductLine
