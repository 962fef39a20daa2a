import type { ProductLine } from './line'

const screens = { fundPassword: '/mine/fundPassword' } as const

/** The fund password every money request carries. */
export const fundPassword = {
  ledgerKinds: [],
  userEvents: [],
  screens,
  mine: { fundPassword: screens.fundPassword },
} as const satisfies ProductLine
