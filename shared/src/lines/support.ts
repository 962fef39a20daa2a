import type { ProductLine } from './line'

const screens = { threads: '/mine/support', thread: '/mine/supportInfo' } as const

/** Customer service: the user's threads with the back office (and the external `kefu` link). */
export const support = {
  ledgerKinds: [],
  userEvents: ['support:message'],
  screens,
  mine: { kefu: screens.threads },
} as const satisfies ProductLine
