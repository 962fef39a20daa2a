import type { ProductLine } from './line'

const screens = { inbox: '/mine/message', message: '/mine/messageInfo' } as const

/** The user's inbox: what the back office and the areas tell them. */
export const messages = {
  ledgerKinds: [],
  userEvents: ['message:new'],
  screens,
  mine: { message: screens.inbox },
} as const satisfies ProductLine
