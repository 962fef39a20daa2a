import type { ProductLine } from './line'

const screens = { factors: '/mine/security' } as const

/** Passkeys and the authenticator app (issue 17). */
export const secondFactor = {
  ledgerKinds: [],
  userEvents: [],
  screens,
  mine: { security: screens.factors },
} as const satisfies ProductLine
