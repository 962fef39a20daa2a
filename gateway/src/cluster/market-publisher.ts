import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { MarketService } from '../market/index'
import type { FeedBook } from '../market/sources/index'
import { HEARTBEAT_MS, type KeptMinute, type QuoteRelay } from './quote-relay'

/**
 * The leader's side of the relay: while this gateway leads, every batch its own market prints is
 * published once, and a heartbeat, with the market's status, every `HEARTBEAT_MS`.
 *
 * A new leader continues from the last published state, not from its own: its simulator plays the
 * same seeded market, but its `seq` counts the prints it has played since it started, and its
 * clock may trail the old leader's; its real source (QUOTE_SOURCE poll or replay) only starts with
 * the lead (cluster/index.ts), counting from 1. So at election it reads the last published quote
 * of each code, and from then on (a) adds to a code's seq whatever it takes to go on from the last
 * one published, so seq keeps rising on every phone, and (b) holds back its prints older than the
 * last published one, so no price goes back in time. The whole market is published once at
 * election, but for the codes of a real source that has not delivered yet: the simulator's price
 * stands in for those on this gateway, and is not the market's.
 *
 * With each print of a code whose day a gateway that joins late could not chart by itself (a
 * polled code, `MarketService.minuteToKeep`) goes the 1m bar it went into, which the relay keeps
 * in that code's day (quote-relay.ts). With a print of a code a streaming feed carries goes its
 * board when it changed since the last one sent (issue 38), so a follower's phones see the feed's
 * levels: a board that moves the levels alone comes as its code's quote again, under the same seq.
 */
export function marketPublisher(deps: {
  market: MarketService
  relay: QuoteRelay
  logger: Logger
}) {
  const { market, relay, logger } = deps
  const seqOffset = new Map<string, number>()
  // The seq and time last published of each code (by this term, or the last before it).
  const lastSent = new Map<string, { seq: number; time: number; source?: string }>()
  const notBefore = new Map<string, number>()
  const sentBooks = new Map<string, FeedBook>()
  let term = 0
  let stopFeed: (() => void) | undefined
  let beating: NodeJS.Timeout | undefined

  function continued(quote: Quote): Quote | undefined {
    const last = lastSent.get(quote.code)
    // A print of another source (a feed taking a code over from the simulator, or handing it
    // back) is news whatever its time says: the two clocks differ (kabu STATION's boards say whole
    // seconds), so the feed's first print may be timed before the simulator's last one.
    const handover = last !== undefined && last.source !== quote.source
    if (handover) notBefore.delete(quote.code)
    const floor = notBefore.get(quote.code)
    if (floor !== undefined && quote.time < floor) return undefined
    let offset = seqOffset.get(quote.code) ?? 0
    const behind = last && quote.seq + offset - (handover ? 1 : 0) < last.seq
    if (last && behind) {
      // Behind the count published: a later print goes above it, the last one published (the
      // same print, played here too) is said again under its seq.
      offset = last.seq + (handover || quote.time > last.time ? 1 : 0) - quote.seq
      seqOffset.set(quote.code, offset)
    }
    const out = offset === 0 ? quote : { ...quote, seq: quote.seq + offset }
    lastSent.set(quote.code, { seq: out.seq, time: out.time, source: out.source })
    return out
  }

  function send(quotes: readonly Quote[]): void {
    const batch: Quote[] = []
    const kept: KeptMinute[] = []
    const boards: Record<string, FeedBook> = {}
    for (const quote of quotes) {
      const out = continued(quote)
      if (!out) continue
      batch.push(out)
      // Read as the quote is handed over: the market's books stand at that print now.
      const minute = market.minuteToKeep(out.code)
      if (minute) kept.push({ quote: out, minute })
      const board = out.source !== 'simulator' ? market.feedBook(out.code) : undefined
      if (board && sentBooks.get(out.code) !== board) {
        boards[out.code] = board
        sentBooks.set(out.code, board)
      }
    }
    if (quotes.length > 0 && batch.length === 0) return
    relay.send(term, batch, undefined, kept, boards)
  }

  const heartbeat = () => relay.send(term, [], market.status())

  return {
    /** Starts publishing: a new term, the continuation from the last state, the whole market once. */
    async lead(): Promise<void> {
      term = await relay.nextTerm()
      seqOffset.clear()
      lastSent.clear()
      notBefore.clear()
      sentBooks.clear()
      for (const [code, last] of await relay.lastPublished()) {
        lastSent.set(code, { seq: last.seq, time: last.time, source: last.source })
        notBefore.set(code, last.time)
      }
      logger.info({ term, continued: notBefore.size }, 'publishing the market')
      const undelivered = new Set(market.status().staleCodes)
      const codes = LISTINGS.map((l) => l.code).filter((code) => !undelivered.has(code))
      send(market.snapshots(codes))
      heartbeat()
      stopFeed = market.onQuotes((quotes) => send(quotes))
      beating = setInterval(heartbeat, HEARTBEAT_MS)
      beating.unref()
      await relay.sent()
    },
    /** Stops publishing and waits for the batches on their way. */
    async follow(): Promise<void> {
      stopFeed?.()
      stopFeed = undefined
      if (beating) clearInterval(beating)
      beating = undefined
      await relay.sent()
    },
  }
}
