import type { ProductLine } from './line'

const screens = { verify: '/mine/verified' } as const

/** Identity verification: the documents' upload and the back office's review. */
export const kyc = {
  ledgerKinds: [],
  userEvents: ['kyc:result'],
  screens,
  mine: { verified: screens.verify },
} as const satisfies ProductLine
