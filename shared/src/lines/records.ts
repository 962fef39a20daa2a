import type { ProductLine } from './line'

const screens = { records: '/mine/transactionRecords' } as const

/** The user's fund records: every ledger line of theirs, any kind above (the gateway's ledger). */
export const records = {
  ledgerKinds: [],
  userEvents: [],
  screens,
  mine: { transactionRecords: screens.records },
} as const satisfies ProductLine
