import type { ProductLine } from './line'

const screens = { inbox: '/mine/notifications', settings: '/mine/notifySettings' } as const

/**
 * Notifications (issue 37): the records of the user's notifiable events and their settings per
 * kind and channel. The gateway's notifier pushes `notification:new` for each record and delivers
 * `alert:triggered` (the price alerts' event) as the `alerts` kind.
 */
export const notifications = {
  ledgerKinds: [],
  userEvents: ['notification:new', 'alert:triggered'],
  screens,
  mine: { notifications: screens.inbox, notifySettings: screens.settings },
} as const satisfies ProductLine
