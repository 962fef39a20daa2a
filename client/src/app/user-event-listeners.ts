import type { UserEventType } from '@kabu/shared/realtime'

/**
 * Where the client acts on each `/user` event the product lines declare (shared/src/lines): the
 * files, under client/src, that filter the stream for it. A new event fails the typecheck until it
 * is named here, and user-event-listeners.test fails while a file named does not name the event.
 */
export const USER_EVENT_LISTENERS = {
  'message:new': ['features/messages/use-new-messages.ts', 'features/messages/unread.ts'],
  'funds:reviewed': ['features/funds/review-watch.ts'],
  'kyc:result': ['features/kyc/use-kyc-result.ts'],
  'review:decided': [
    'features/loans/loan-watch.ts',
    'features/block/block-watch.ts',
    'features/daytrade/daytrade-watch.ts',
    'features/position/credit-watch.ts',
  ],
  'account:status': ['features/mine/account-status.ts'],
  'trade:updated': ['realtime/trade-updates.ts'],
  'order:updated': ['realtime/trade-updates.ts'],
  'ipo:drawn': ['features/ipo/ipo-events.ts', 'features/ipo/use-ipo.ts'],
  'ipo:withdrawn': ['features/ipo/ipo-events.ts'],
  'ipo:waived': ['features/ipo/ipo-events.ts'],
  'daytrade:settled': ['features/daytrade/daytrade-watch.ts'],
  'credit:call': ['features/position/credit-watch.ts'],
  'product:updated': ['features/follow/use-follow.ts', 'features/position/use-follow-orders.ts'],
  'support:message': ['features/support/use-support-replies.ts'],
  'notification:new': [
    'features/notifications/unread.ts',
    'features/notifications/use-new-notifications.ts',
  ],
  'alert:triggered': ['features/alerts/alert-toast.ts', 'features/notifications/unread.ts'],
  'dividend:paid': ['features/dividends/use-dividend-paid.ts'],
} as const satisfies Record<UserEventType, readonly [string, ...string[]]>
