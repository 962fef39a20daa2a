import type { Quote } from '@kabu/shared/market/types'

/*
 * Each published quote's JSON as UTF-8 bytes, encoded at most once and then shared by every phone
 * whose frame carries it (realtime/ticks-packets.ts). A published quote is never changed afterwards
 * (every source builds one per print), so the same object means the same bytes: they are found by
 * the object, and the entry goes with the quote (a WeakMap; a lookup by code hashed a string per
 * quote per frame, 12 % of the hub's CPU against 7 % by object, tests/load/fanout.ts
 * --profile=cpu).
 *
 * A gateway fed through Redis already holds each quote's bytes, as the leader encoded them in the
 * batch (cluster/quote-relay.ts): it keeps them here rather than encoding the quote it parsed from
 * them once more (JSON.stringify and UTF-8 encoding were ~10 % of a follower's CPU at 1,000 phones ×
 * 5,000 ticks/s).
 */
const bytesByQuote = new WeakMap<Quote, Buffer>()

/** The quote's JSON in UTF-8, as published. */
export function quoteBytes(quote: Quote): Buffer {
  let bytes = bytesByQuote.get(quote)
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(quote))
    bytesByQuote.set(quote, bytes)
  }
  return bytes
}

/** Records `bytes` (what `quote` was parsed from: its JSON as the publisher encoded it) as its bytes. */
export function keepQuoteBytes(quote: Quote, bytes: Buffer): void {
  bytesByQuote.set(quote, bytes)
}
