import type { Logger } from 'pino'
import type { QuoteDemand } from './demand'
import { splitAtLimit, type Carried, type FeedSession, type StreamFeed } from './stream-feed'

/** Least time between two plans that phones' subscriptions ask for (see `soon`). */
const SYNC_GAP_MS = 100

export interface SubscriptionDeps {
  demand: QuoteDemand
  feed: StreamFeed
  owns: (code: string) => boolean
  logger: Logger
  /** Whether the source is started: a sync or a grace that fires after stop does nothing. */
  running: () => boolean
  /** The session open now, if any: the one registrations go to. */
  session: () => FeedSession | null
  /** The codes served delayed (the books' set), kept equal to what the plan delays. */
  delayed: Set<string>
  /** A code no longer served. */
  released: (code: string) => void
  /** Upstream refused a registration on `session`. */
  refused: (session: FeedSession, error: unknown) => void
}

/**
 * What a streaming feed carries, following demand (issue 38): the codes `demand` ranks highest,
 * as many as the feed allows, pushed; the rest delayed or simulated. A code wanted is registered
 * upstream at once, one let go after the demand's grace.
 */
export class StreamSubscriptions {
  carried: Carried = { stream: [], delayed: [], simulated: [] }
  /** Pushed or delayed: what the source serves. */
  serving: ReadonlySet<string> = new Set<string>()
  // What the current session has registered upstream.
  private readonly registered = new Set<string>()
  private syncing: Promise<void> | null = null
  private syncAgain = false
  // Cancels the sync `soon` has waiting.
  private pending: (() => void) | null = null
  private lastPlanAt = -Infinity
  private graceTimer: NodeJS.Timeout | null = null

  constructor(private readonly deps: SubscriptionDeps) {}

  /** Registers and unregisters upstream until the session carries the plan (one pass at a time). */
  sync = (): void => {
    if (this.syncing) {
      this.syncAgain = true
      return
    }
    const { demand, feed, owns, delayed, released } = this.deps
    this.syncing = (async () => {
      do {
        this.syncAgain = false
        this.lastPlanAt = performance.now()
        this.carried = splitAtLimit(demand.plan(owns, Infinity).stream, feed)
        const before = this.serving
        this.serving = new Set([...this.carried.stream, ...this.carried.delayed])
        for (const code of before) if (!this.serving.has(code)) released(code)
        delayed.clear()
        for (const code of this.carried.delayed) delayed.add(code)
        await this.register(this.carried.stream)
      } while (this.syncAgain)
    })().finally(() => {
      this.syncing = null
      this.armGrace()
    })
  }

  /**
   * A sync after the current turn, or once SYNC_GAP_MS have passed since the last: a burst of
   * phones subscribing (2,000 reconnecting at once, over many turns) is a plan and a registration
   * every SYNC_GAP_MS, not one each turn (each plan ranks every wanted code).
   */
  soon = (): void => {
    if (this.pending) return
    const run = () => {
      this.pending = null
      if (this.deps.running()) this.sync()
    }
    const wait = this.lastPlanAt + SYNC_GAP_MS - performance.now()
    if (wait > 0) {
      const timer = setTimeout(run, wait).unref()
      this.pending = () => clearTimeout(timer)
    } else {
      const immediate = setImmediate(run)
      this.pending = () => clearImmediate(immediate)
    }
  }

  /** The session ended: the next one registers everything again. */
  sessionEnded(): void {
    this.registered.clear()
  }

  /** Cancels the waiting sync and grace; the session's registrations end with it. */
  stop(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer)
    this.pending?.()
    this.graceTimer = null
    this.pending = null
    this.registered.clear()
  }

  private async register(stream: readonly string[]): Promise<void> {
    const { logger, session, refused } = this.deps
    const current = session()
    if (!current) return
    const registered = this.registered
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
      if (session() === current) refused(current, error)
    }
  }

  /** Wakes when the next released code's grace ends, so it is let go then. */
  private armGrace(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer)
    this.graceTimer = null
    const next = this.deps.demand.nextExpiry()
    if (!this.deps.running() || next === undefined) return
    this.graceTimer = setTimeout(this.sync, Math.max(0, next - performance.now()) + 1)
    this.graceTimer.unref()
  }
}
