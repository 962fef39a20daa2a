import type { AlertTriggeredEvent } from './api/alerts'
import type { DaytradeSettledEvent } from './api/daytrade'
import type { OrderUpdated } from './api/orders'
import type { IpoDrawnEvent, IpoWaivedEvent, IpoWithdrawnEvent } from './api/ipo'
import type { NotificationNewEvent } from './api/notifications'
import type { SupportMessageEvent } from './api/support'
import type { HoldingStatus } from './api/trade'
import type { Depth } from './market/depth'
import type { FeedStatus, Quote } from './market/types'

/** Ack of `subscribe`: the current snapshot of every known code asked for; unknown codes are listed. */
export type SubscribeAck =
  { ok: true; snapshots: Quote[]; unknown: string[] } | { ok: false; msg: string }

/** socket.io namespace `/quotes` (names fixed by API.md). */
export interface QuotesServerToClient {
  /** The latest quote per code changed since the last batch (at most one batch per client per 100 ms). */
  ticks: (quotes: Quote[]) => void
  status: (status: FeedStatus) => void
  /** The book and the prints since the last `depth` of that code (≤ 1 per DEPTH_BATCH_MS per code). */
  depth: (update: Depth) => void
}
export interface QuotesClientToServer {
  subscribe: (codes: string[], ack: (res: SubscribeAck) => void) => void
  unsubscribe: (codes: string[]) => void
  /** Asks for `depth` events of one code; the ack carries the whole depth (tape included). */
  'depth:subscribe': (code: string, ack: (res: DepthAck) => void) => void
  'depth:unsubscribe': (code: string) => void
}

/** Ack of `depth:subscribe`: the code's depth now, or why not (`not_found`, `invalid_input`). */
export type DepthAck = { ok: true; depth: Depth } | { ok: false; msg: string }
/** Conflation window of the `depth` events of one code. */
export const DEPTH_BATCH_MS = 250
/** Codes whose depth one socket may follow at once. */
export const MAX_DEPTH_SUBSCRIPTIONS = 10

export const QUOTES_NAMESPACE = '/quotes'
/** Largest number of codes one socket may hold at once. */
export const MAX_SUBSCRIPTIONS = 200
/** Least time between two `ticks` batches to one socket (what a phone can render). */
export const TICK_BATCH_MS = 100

/** socket.io namespace `/user` (API.md): the logged-in user's own events, one room per user. */
export const USER_NAMESPACE = '/user'

/** What the `/user` handshake carries (`io('/user', { auth })`): the same pair as the API headers. */
export interface UserHandshake {
  token: string
  account: string
}

/** The review outcome of a request, as the user's own screens need it. */
export type ReviewVerdict = 'approved' | 'rejected'

/**
 * Everything the gateway pushes to a user; `type` is also the socket.io event name. Ids are strings
 * (bigint on the gateway). A `message:new` title/summary is a catalogue key or plain text.
 */
export type UserEvent =
  | {
      type: 'message:new'
      id: string
      title: string
      summary: string
      params: Record<string, string>
      created: number
    }
  | {
      type: 'funds:reviewed'
      kind: 'deposit' | 'withdraw'
      id: string
      status: ReviewVerdict
      reason?: string
    }
  | { type: 'kyc:result'; id: string; status: ReviewVerdict; reason?: string }
  | {
      type: 'review:decided'
      kind: 'loan' | 'block' | 'credit' | 'daytrade'
      id: string
      status: ReviewVerdict
      reason?: string
    }
  | { type: 'account:status'; status: 'active' | 'frozen' | 'banned'; tradingBarred: boolean }
  /** A resting order changed without the user asking (the matcher filled it): `status` is new. */
  | { type: 'trade:updated'; id: string; status: HoldingStatus }
  /** An order changed (placed, filled, cancelled, lapsed): API.md "Orders", on every change. */
  | ({ type: 'order:updated' } & OrderUpdated)
  /** An IPO the user applied for was drawn: `id` is the offer, `status` the application's now. */
  | IpoDrawnEvent
  /** An operator withdrew an offer the user applied for: the application failed, money returned. */
  | IpoWithdrawnEvent
  /** The payment deadline passed with the user's won shares unpaid: they lapsed (status 7). */
  | IpoWaivedEvent
  /** The forced flat closed a participation's positions at the market's close and settled it. */
  | DaytradeSettledEvent
  /**
   * A follow order changed on the clock (`id` is the order): a day's profit was paid (`accrued`),
   * or principal and profit returned at its deadline (`returned`).
   */
  | { type: 'product:updated'; id: string; status: 'accrued' | 'returned' }
  /**
   * A credit position's margin call (`id` is the holding): made with its deadline, met (the ratio
   * recovered or trust funds paid the debt down), or the position liquidated at its deadline.
   */
  | {
      type: 'credit:call'
      id: string
      status: 'called' | 'met' | 'liquidated'
      deadline: number | null
      /** A call's trust funds due (decimal string); absent otherwise. */
      amount?: string
    }
  /** An operator replied in one of the user's customer-service threads (`thread`'s status now). */
  | SupportMessageEvent
  /** A price alert's condition was met (the leader's alert watcher, after its commit). */
  | AlertTriggeredEvent
  /**
   * A dividend was paid into the user's wallet (`id` the dividend row; `net` after withholding,
   * a decimal string in `currency`).
   */
  | { type: 'dividend:paid'; id: string; code: string; net: string; currency: string }
  /** A notification record was written for the app channel (issue 37): the toast and the badge. */
  | NotificationNewEvent

export type UserEventType = UserEvent['type']

/** The `/user` server → client map, derived from UserEvent so the two cannot drift apart. */
export type UserServerToClient = {
  [K in UserEventType]: (event: Extract<UserEvent, { type: K }>) => void
}
/** The client sends nothing on `/user`: it only listens. */
export type UserClientToServer = Record<string, never>
