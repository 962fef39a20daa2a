import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { MarketService } from '../market/index'
import { HEARTBEAT_MS, type QuoteRelay } from './quote-relay'

/**
 * The leader's side of the relay: while this gateway leads, every batch its own market prints is
 * published once, and a heartbeat when it prints nothing.
 *
 * A new leader continues from the last published state, not from its own: its simulator plays the
 * same seeded market, but its `seq` counts the prints it has played since it started, and its
 * clock may trail the old leader's. So at election it reads the last published quote of each code
 * and (a) adds to its own seq whatever it is behind, so seq keeps rising on every phone, and (b)
 * holds back its prints older than the last published one, so no price goes back in time.
 */
export function marketPublisher(deps: {
  market: MarketService
  relay: QuoteRelay
  logger: Logger
}) {
  const { market, relay, logger } = deps
  const seqOffset = new Map<string, number>()
  const notBefore = new Map<string, number>()
  let term = 0
  let stopFeed: (() => void) | undefined
  let heartbeat: NodeJS.Timeout | undefined

  function continued(quote: Quote): Quote | undefined {
    const floor = notBefore.get(quote.code)
    if (floor !== undefined && quote.time < floor) return undefined
    const offset = seqOffset.get(quote.code) ?? 0
    return offset === 0 ? quote : { ...quote, seq: quote.seq + offset }
  }

  function send(quotes: readonly Quote[]): void {
    const batch: Quote[] = []
    for (const quote of quotes) {
      const out = continued(quote)
      if (out) batch.push(out)
    }
    if (quotes.length > 0 && batch.length === 0) return
    relay.send(term, batch)
  }

  return {
    /** Starts publishing: a new term, the continuation from the last state, the whole market once. */
    async lead(): Promise<void> {
      term = await relay.nextTerm()
      seqOffset.clear()
      notBefore.clear()
      for (const [code, last] of await relay.lastPublished()) {
        const own = market.snapshot(code)
        if (!own) continue
        if (last.seq > own.seq) seqOffset.set(code, last.seq - own.seq)
        notBefore.set(code, last.time)
      }
      logger.info({ term, continued: notBefore.size }, 'publishing the market')
      send(market.snapshots(LISTINGS.map((l) => l.code)))
      stopFeed = market.onQuotes(send)
      heartbeat = setInterval(() => send([]), HEARTBEAT_MS)
      heartbeat.unref()
      await relay.sent()
    },
    /** Stops publishing and waits for the batches on their way. */
    async follow(): Promise<void> {
      stopFeed?.()
      stopFeed = undefined
      if (heartbeat) clearInterval(heartbeat)
      heartbeat = undefined
      await relay.sent()
    },
  }
}
