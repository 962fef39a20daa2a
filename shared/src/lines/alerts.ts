import type { ProductLine } from './line'

const screens = { alerts: '/mine/alerts' } as const

/**
 * Price alerts (issue 37): the user's list under Mine (also reached from a stock's add-alert sheet)
 * and the leader's watcher telling them when one fires.
 */
export const alerts = {
  ledgerKinds: [],
  userEvents: ['alert:triggered'],
  screens,
  mine: { alerts: screens.alerts },
} as const satisfies ProductLine
