import type { Quote } from '@kabu/shared/market/types'
import type { MarketService } from '../market/index'
import { rankQuotes } from '../market/rank'
import { RELAY_SILENT_MS, type QuoteRelay } from './quote-relay'

/**
 * The market as a gateway of a cluster serves it: quotes (snapshots, indices, ranks, the prints
 * its hub, matcher and news follow) are the leader's, as relayed through Redis, so every phone on
 * every gateway sees the same seq and price of a code, and an order placed on any gateway is priced
 * from them. The rest (listings, search, bars, depth and tape, corporate actions) is this gateway's
 * own simulator, which plays the same seeded market on every gateway; a real source's codes'
 * bars are its books', which a follower builds from the relayed prints (`MarketService.follow`,
 * cluster/index.ts). A code the leader has not published yet is served from the simulator; a
 * silent leader makes the quotes stale.
 *
 * Only the leader runs the real quote source (cluster/index.ts), so a follower's own status would
 * call it stale: a follower reports the leader's status as its heartbeat says it, and takes a real
 * source's code for stale as the leader does. Its simulator plays on while it follows, so what it
 * says of the simulated codes is its own, as before. So are a streaming feed's boards (issue 38):
 * a follower serves the depth of a code the leader's feed carries from the board it relayed.
 */
export function relayedMarket(
  local: MarketService,
  relay: QuoteRelay,
  leading: () => boolean,
): MarketService {
  const relayed = (quote: Quote): Quote => relay.quote(quote.code) ?? quote
  const silent = () => relay.silentFor() > RELAY_SILENT_MS
  // What the leader says of the market, on a follower that has heard it.
  const leaders = () => (leading() ? undefined : relay.status())
  // The board the leader's feed sent of a code it carries now, on a follower.
  const relayedBook = (code: string) => {
    const fed = leaders()?.realSources?.some((source) => source.codes.includes(code))
    return fed ? relay.book(code) : undefined
  }
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
    depth(code, afterSeq) {
      const canonical = local.listing(code)?.code
      const book = canonical && relayedBook(canonical)
      // A feed's own board: its levels and VWAP; it sends no tape (as market/index.ts serves it).
      if (book) return { code: canonical, ...book, tape: [], dayStart: 0 }
      return local.depth(code, afterSeq)
    },
    feedBook(code) {
      const canonical = local.listing(code)?.code
      return (canonical && relayedBook(canonical)) || local.feedBook(code)
    },
    indices: () => local.indices().map(relayed),
    rank: (market, by, limit = 20) =>
      rankQuotes(local.rank(market, by, Number.MAX_SAFE_INTEGER).map(relayed), by, limit),
    status() {
      const status = (!silent() && leaders()) || local.status()
      return silent() && status.state === 'live' ? { ...status, state: 'stale' } : status
    },
    isStale(code) {
      if (silent()) return true
      const canonical = local.listing(code)?.code ?? code
      const status = leaders()
      if (status?.realSources?.some((source) => source.codes.includes(canonical)))
        return status.staleCodes?.includes(canonical) ?? false
      return local.isStale(code)
    },
    onQuotes: (listener) => relay.onQuotes(listener),
  }
}
