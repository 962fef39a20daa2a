import type { Quote } from '@kabu/shared/market/types'
import type { MarketService } from '../market/index'
import { rankQuotes } from '../market/rank'
import { RELAY_SILENT_MS, type QuoteRelay } from './quote-relay'

/**
 * The market as a gateway of a cluster serves it: quotes (snapshots, indices, ranks, the prints
 * its hub, matcher and news follow) are the leader's, as relayed through Redis, so every phone on
 * every gateway sees the same seq and price of a code, and an order placed on any gateway is priced
 * from them. The rest (listings, search, bars, depth and tape, corporate actions) is this gateway's
 * own simulator, which plays the same seeded market on every gateway. A code the leader has not
 * published yet is served from the simulator; a silent leader makes the quotes stale.
 */
export function relayedMarket(local: MarketService, relay: QuoteRelay): MarketService {
  const relayed = (quote: Quote): Quote => relay.quote(quote.code) ?? quote
  const silent = () => relay.silentFor() > RELAY_SILENT_MS
  const snapshot = (code: string): Quote | undefined => {
    const listing = local.listing(code)
    return listing && (relay.quote(listing.code) ?? local.snapshot(listing.code))
  }
  return {
    ...local,
    snapshot,
    snapshots(codes) {
      const quotes: Quote[] = []
      for (const code of codes) {
        const quote = snapshot(code)
        if (quote) quotes.push(quote)
      }
      return quotes
    },
    indices: () => local.indices().map(relayed),
    rank: (market, by, limit = 20) =>
      rankQuotes(local.rank(market, by, Number.MAX_SAFE_INTEGER).map(relayed), by, limit),
    status() {
      const status = local.status()
      return silent() && status.state === 'live' ? { ...status, state: 'stale' } : status
    },
    isStale: (code) => silent() || local.isStale(code),
    onQuotes: (listener) => relay.onQuotes(listener),
  }
}
