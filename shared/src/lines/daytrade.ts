import type { ProductLine } from './line'

const screens = { participation: '/home/withinDays' } as const

/** Day trading (DESIGN's intraday): a reviewed participation, its fills, the forced flat at close. */
export const daytrade = {
  // the application's hold, the approved funding of the intraday book, the release on rejection,
  // each fill, and the settlement at the close
  ledgerKinds: [
    'daytrade_apply',
    'daytrade_fund',
    'daytrade_release',
    'daytrade_buy',
    'daytrade_sell',
    'daytrade_settle',
  ],
  userEvents: ['daytrade:settled', 'review:decided'],
  screens,
  home: screens.participation,
} as const satisfies ProductLine
