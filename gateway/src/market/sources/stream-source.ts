import type { Listing, Market } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import { CircuitBreaker } from './breaker'
import type { QuoteDemand } from './demand'
import { FeedOrder } from './feed-order'
import { RealBooks } from './real-books'
import {
  splitAtLimit,
  type Carried,
  type FeedEvents,
  type FeedSession,
  type FeedUpdate,
  type StreamFeed,
} from './stream-feed'
import type { StreamFaults } from './stream-settings'
import type { FeedBook, RealQuoteSource } from './types'

/** Least time between two plans that phones' subscriptions ask for (see `soon`). */
const SYNC_GAP_MS = 100

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
 * follows demand: a code wanted is subscribed at once, one let go after the demand's grace.
 *
 * Faults: a failed connection is retried with jittered backoff and the circuit breaker the poll
 * source uses; a new session registers again what it should carry (a reconnect, a new token); the
 * codes turn stale once nothing, not even a pong, came for `staleAfterMs`; duplicate and late
 * updates are dropped (FeedOrder); a malformed message is logged and skipped.
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
  const breaker = new CircuitBreaker({
    failureThreshold: settings.breakerFailures,
    coolDownMs: settings.breakerCoolDownMs,
    baseBackoffMs: settings.baseBackoffMs,
    maxBackoffMs: settings.maxBackoffMs,
  })
  const owns = (code: string) => {
    const listing = deps.listing(code)
    return listing !== undefined && feed.owns(listing)
  }
  const order = new FeedOrder()
  const boards = new Map<string, FeedBook>()
  let carried: Carried = { stream: [], delayed: [], simulated: [] }
  let serving = new Set<string>()
  let session: FeedSession | null = null
  // What the current session has registered upstream.
  const registered = new Set<string>()
  let running = false
  // A session or a retry of an older run (stop, start) must not act.
  let generation = 0
  let [retry, snapshots, graceTimer]: Array<NodeJS.Timeout | null> = [null, null, null]
  let stopDemand: (() => void) | null = null
  let syncing: Promise<void> | null = null
  // Cancels the sync `soon` has waiting.
  let pending: (() => void) | null = null
  let lastPlanAt = -Infinity
  let [syncAgain, nextDelayed, malformed] = [false, 0, 0]

  /** Takes updates in: prints, boards; publishes the codes they changed. */
  function take(updates: readonly FeedUpdate[]): void {
    const changed: string[] = []
    for (const update of updates) {
      if (!serving.has(update.code)) continue
      const news = order.accept(update)
      const book = news && books.bookOf(update.code, deps.listing)
      if (!book) continue
      // A board whose price time and volume did not move is its levels alone, not a print.
      if (update.tick && (news === 'later' || update.eachKeyAPrint)) book.print(update.tick)
      if (update.book) {
        const held = boards.get(update.code)
        boards.set(update.code, {
          bids: update.book.bids ?? held?.bids ?? [],
          asks: update.book.asks ?? held?.asks ?? [],
          vwap: update.book.vwap !== undefined ? update.book.vwap : (held?.vwap ?? null),
          time: update.order[0] ?? Date.now(),
        })
      }
      changed.push(update.code)
    }
    books.publish(changed)
  }

  /** Registers and unregisters upstream until the session carries the plan (one pass at a time). */
  function sync(): void {
    if (syncing) {
      syncAgain = true
      return
    }
    syncing = (async () => {
      do {
        syncAgain = false
        lastPlanAt = performance.now()
        carried = splitAtLimit(demand.plan(owns, Infinity).stream, feed)
        const before = serving
        serving = new Set([...carried.stream, ...carried.delayed])
        for (const code of before) if (!serving.has(code)) order.forget(code)
        books.delayed.clear()
        for (const code of carried.delayed) books.delayed.add(code)
        await register(carried.stream)
      } while (syncAgain)
    })().finally(() => {
      syncing = null
      armGrace()
    })
  }

  async function register(stream: readonly string[]): Promise<void> {
    const current = session
    if (!current) return
    const wanted = new Set(stream)
    const gone = [...registered].filter((code) => !wanted.has(code))
    const added = stream.filter((code) => !registered.has(code))
    try {
      // Released first, so the feed never carries more than its limit.
      if (gone.length > 0) {
        await current.unsubscribe(gone)
        for (const code of gone) registered.delete(code)
      }
      if (added.length > 0) {
        await current.subscribe(added)
        for (const code of added) registered.add(code)
      }
      if (gone.length + added.length > 0) {
        logger.info({ added, released: gone, carried: registered.size }, 'feed subscriptions')
      }
    } catch (error) {
      // A refused registration (a token voided by a newer one, a limit) ends the session: the next
      // one logs in afresh and registers everything again.
      logger.warn({ err: error }, 'feed subscription failed: reconnecting')
      if (session === current) lost(current, error)
    }
  }

  /**
   * A sync after the current turn, or once SYNC_GAP_MS have passed since the last: a burst of
   * phones subscribing (2,000 reconnecting at once, over many turns) is a plan and a registration
   * every SYNC_GAP_MS, not one each turn (each plan ranks every wanted code).
   */
  function soon(): void {
    if (pending) return
    const run = () => {
      pending = null
      if (running) sync()
    }
    const wait = lastPlanAt + SYNC_GAP_MS - performance.now()
    if (wait > 0) {
      const timer = setTimeout(run, wait).unref()
      pending = () => clearTimeout(timer)
    } else {
      const immediate = setImmediate(run)
      pending = () => clearImmediate(immediate)
    }
  }

  /** Wakes when the next released code's grace ends, so it is let go then. */
  function armGrace(): void {
    if (graceTimer) clearTimeout(graceTimer)
    graceTimer = null
    const next = demand.nextExpiry()
    if (!running || next === undefined) return
    graceTimer = setTimeout(sync, Math.max(0, next - performance.now()) + 1)
    graceTimer.unref()
  }

  function events(run: number): FeedEvents {
    return {
      updates: (updates) => {
        if (run === generation) take(updates)
      },
      alive: () => {
        if (run === generation) books.alive()
      },
      malformed: (detail) => {
        malformed++
        logger.warn({ detail: detail.slice(0, 200), malformed }, 'feed message skipped')
      },
      closed: (reason) => {
        if (run === generation && session) lost(session, reason)
      },
    }
  }

  function lost(ended: FeedSession, reason: unknown): void {
    if (session !== ended) return
    session = null
    registered.clear()
    ended.close()
    breaker.failure()
    logger.warn({ err: reason, circuit: breaker.state }, 'feed session lost')
    later(generation)
  }

  function later(run: number): void {
    if (!running || run !== generation) return
    retry = setTimeout(() => void connect(run), Math.max(1, breaker.delayMs()))
    retry.unref()
  }

  async function connect(run: number): Promise<void> {
    retry = null
    if (run !== generation) return
    try {
      const opened = await feed.connect(events(run))
      if (run !== generation) return opened.close()
      session = opened
      breaker.success()
      books.alive()
      logger.info({ feed: feed.kind, label: feed.label }, 'feed session open')
      sync()
    } catch (error) {
      if (run !== generation) return
      breaker.failure()
      logger.warn(
        { err: error, failures: breaker.consecutiveFailures, circuit: breaker.state },
        'feed connection failed',
      )
      later(run)
    }
  }

  /** Reads the next delayed code's snapshot; one at a time, at the feed's REST pace. */
  async function snapshotNext(): Promise<void> {
    const current = session
    const codes = carried.delayed
    if (!current?.snapshot || codes.length === 0) return
    const code = codes[nextDelayed++ % codes.length]!
    try {
      const update = await current.snapshot(code)
      if (update) take([update])
    } catch (error) {
      logger.warn({ err: error, code }, 'feed snapshot failed')
    }
  }

  function snapshotLoop(run: number): void {
    if (!running || run !== generation) return
    snapshots = setTimeout(() => {
      void snapshotNext().finally(() => snapshotLoop(run))
    }, feed.snapshotEveryMs)
    snapshots.unref()
  }

  const carries = (code: string) => serving.has(code) && books.snapshot(code) !== undefined

  return {
    kind: feed.kind,
    label: feed.label,
    get codes() {
      return [...serving]
    },
    carries,
    owns,
    snapshot: (code) => (serving.has(code) ? books.snapshot(code) : undefined),
    bars: books.bars,
    onQuotes: books.onQuotes,
    isLive: books.isLive,
    lag: books.lag,
    isStale: (code) => !books.isLive() || !carries(code),
    delayedCodes: () => [...carried.delayed],
    simulatedCodes: () => [...carried.simulated],
    book: (code) => (serving.has(code) ? boards.get(code) : undefined),
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
      const run = ++generation
      demand.start()
      stopDemand = demand.onChange(soon)
      sync()
      void connect(run)
      snapshotLoop(run)
    },
    stop() {
      if (!running) return
      running = false
      generation++
      stopDemand?.()
      for (const timer of [retry, snapshots, graceTimer]) if (timer) clearTimeout(timer)
      pending?.()
      ;[stopDemand, retry, snapshots, graceTimer, pending] = [null, null, null, null, null]
      session?.close()
      session = null
      registered.clear()
    },
  }
}
