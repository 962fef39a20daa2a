import type { FeedStatus, Quote } from './market/types'

/** Ack of `subscribe`: the current snapshot of every known code asked for; unknown codes are listed. */
export type SubscribeAck =
  { ok: true; snapshots: Quote[]; unknown: string[] } | { ok: false; msg: string }

/** socket.io namespace `/quotes` (names fixed by API.md). */
export interface QuotesServerToClient {
  /** The latest quote per code changed since the last batch (at most one batch per client per 100 ms). */
  ticks: (quotes: Quote[]) => void
  status: (status: FeedStatus) => void
}
export interface QuotesClientToServer {
  subscribe: (codes: string[], ack: (res: SubscribeAck) => void) => void
  unsubscribe: (codes: string[]) => void
}

export const QUOTES_NAMESPACE = '/quotes'
/** Largest number of codes one socket may hold at once. */
export const MAX_SUBSCRIPTIONS = 200
/** Conflation window of the `ticks` batches. */
export const TICK_BATCH_MS = 100
