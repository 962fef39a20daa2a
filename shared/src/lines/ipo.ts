import { IPO_EVENT_TYPES } from '../api/ipo'
import type { ProductLine } from './line'

const screens = {
  offers: '/home/newShare',
  offer: '/home/newShareInfo',
  applications: '/mine/newShareOrder',
} as const

/** New shares (新規公開株): offers, applications, the verifiable draw, payment or waiver. */
export const ipo = {
  // the application's hold, the draw's settlement (refund, or prefunded payment), the payment of
  // won shares, and the refund when the operator withdraws an offer (上場中止)
  ledgerKinds: ['ipo_freeze', 'ipo_draw', 'ipo_pay', 'ipo_cancel'],
  userEvents: IPO_EVENT_TYPES,
  screens,
  home: screens.offers,
  positionTab: 'newShares',
} as const satisfies ProductLine
