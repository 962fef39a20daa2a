import type { Listing, Market } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { QuoteDemand } from './demand'
import { RealBooks } from './real-books'
import { StreamConnection } from './stream-connection'
import type { StreamFeed } from './stream-feed'
import { StreamIntake } from './stream-intake'
import type { StreamFaults } from './stream-settings'
import { DelayedSnapshots } from './stream-snapshots'
import { StreamSubscriptions } from './stream-subscriptions'
import type { RealQuoteSource } from './types'

export interface StreamDeps {
  demand: QuoteDemand
  /** The market's listings (its catalogue: every Tokyo code, not only the hand-made ones). */
  listing: (code: string) => Listing | undefined
  logger: Logger
  trading: (market: Market) => boolean
}

/**
 * A streaming proxy (issue 38): one session to a feed (`StreamFeed`: kabu STATION, Alpaca) that
 * carries the codes `demand` ranks highest, as many as the feed allows, and the rest from its REST
 * snapshot (delayed) or not at all (the simulator's, said so in the status). What it carries
 * follows demand: a code wanted is subscribed at once, one let go after the demand's grace
 * (stream-subscriptions.ts).
 *
 * Faults: a failed connection is retried with jittered backoff and the circuit breaker the poll
 * source uses; a new session registers again what it should carry (a reconnect, a new token)
 * (stream-connection.ts); the codes turn stale once nothing, not even a pong, came for
 * `staleAfterMs`; duplicate and late updates are dropped (stream-intake.ts); a malformed message is
 * logged and skipped.
 */
export function createStreamSource(
  feed: StreamFeed,
  settings: StreamFaults,
  deps: StreamDeps,
): RealQuoteSource {
  const { demand, logger } = deps
  const books = new RealBooks(
    [],
    settings.staleAfterMs,
    deps.trading,
    (error) => logger.error({ err: error }, 'quote listener failed'),
    feed.kind,
  )
  const owns = (code: string) => {
    const listing = deps.listing(code)
    return listing !== undefined && feed.owns(listing)
  }
  let running = false
  const isRunning = () => running
  let stopDemand: (() => void) | null = null

  // The parts call one another through lambdas, so each may be made before the others exist.
  const intake = new StreamIntake(
    books,
    deps.listing,
    (): ReadonlySet<string> => subscriptions.serving,
  )
  const connection: StreamConnection = new StreamConnection(feed, settings, logger, isRunning, {
    updates: intake.take,
    alive: () => books.alive(),
    opened: () => subscriptions.sync(),
    ended: () => subscriptions.sessionEnded(),
  })
  const subscriptions: StreamSubscriptions = new StreamSubscriptions({
    demand,
    feed,
    owns,
    logger,
    running: isRunning,
    session: () => connection.session,
    delayed: books.delayed,
    released: intake.forget,
    refused: (session, error) => connection.lost(session, error),
  })
  const snapshots = new DelayedSnapshots({
    feed,
    logger,
    session: () => connection.session,
    delayed: () => subscriptions.carried.delayed,
    take: intake.take,
    current: (run) => running && connection.isCurrent(run),
  })

  const serves = (code: string) => subscriptions.serving.has(code)
  const carries = (code: string) => serves(code) && books.snapshot(code) !== undefined

  return {
    kind: feed.kind,
    label: feed.label,
    // eslint-disable-next-line no-restricted-syntax -- a source is made once a gateway
    get codes() {
      return [...subscriptions.serving]
    },
    carries,
    owns,
    snapshot: (code) => (serves(code) ? books.snapshot(code) : undefined),
    bars: books.bars,
    onQuotes: books.onQuotes,
    isLive: books.isLive,
    lag: books.lag,
    isStale: (code) => !books.isLive() || !carries(code),
    delayedCodes: () => [...subscriptions.carried.delayed],
    simulatedCodes: () => [...subscriptions.carried.simulated],
    book: (code) => (serves(code) ? intake.board(code) : undefined),
    follow(quotes) {
      if (running) return
      for (const quote of books.unfollowed(quotes))
        books.bookOf(quote.code, deps.listing)?.follow(quote)
    },
    minuteToKeep: books.lastMinute,
    followDay(day) {
      if (!running) books.followDay(day)
    },
    start() {
      if (running) return
      running = true
      const run = connection.begin()
      demand.start()
      stopDemand = demand.onChange(subscriptions.soon)
      subscriptions.sync()
      void connection.connect(run)
      snapshots.loop(run)
    },
    stop() {
      if (!running) return
      running = false
      connection.stop()
      stopDemand?.()
      stopDemand = null
      snapshots.stop()
      subscriptions.stop()
    },
  }
}
