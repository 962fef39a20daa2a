import type { Logger } from 'pino'
import { CircuitBreaker } from './breaker'
import type { FeedEvents, FeedSession, FeedUpdate, StreamFeed } from './stream-feed'
import type { StreamFaults } from './stream-settings'

/** What the connection tells the source of its session. */
export interface SessionHandlers {
  updates(updates: readonly FeedUpdate[]): void
  /** A sign of life from the feed (a session opened, any message, a pong). */
  alive(): void
  /** A session opened: it should be told what to carry. */
  opened(): void
  /** The session ended: nothing is registered upstream any more. */
  ended(): void
}

/**
 * The session to a streaming feed, kept open: a failed connection or a lost session is retried
 * with jittered backoff and the circuit breaker the poll source uses; a malformed message is
 * logged and skipped. Each start is a new run, so a session or a retry of an older run (stop,
 * start) does not act.
 */
export class StreamConnection {
  session: FeedSession | null = null
  private readonly breaker: CircuitBreaker
  private generation = 0
  private retry: NodeJS.Timeout | null = null
  private malformed = 0

  constructor(
    private readonly feed: StreamFeed,
    settings: StreamFaults,
    private readonly logger: Logger,
    private readonly running: () => boolean,
    private readonly handlers: SessionHandlers,
  ) {
    this.breaker = new CircuitBreaker({
      failureThreshold: settings.breakerFailures,
      coolDownMs: settings.breakerCoolDownMs,
      baseBackoffMs: settings.baseBackoffMs,
      maxBackoffMs: settings.maxBackoffMs,
    })
  }

  /** A new run (a start): what older runs left in flight stops acting. */
  begin(): number {
    return ++this.generation
  }

  isCurrent(run: number): boolean {
    return run === this.generation
  }

  async connect(run: number): Promise<void> {
    const { breaker, feed, logger } = this
    this.retry = null
    if (run !== this.generation) return
    try {
      const opened = await feed.connect(this.events(run))
      if (run !== this.generation) return opened.close()
      this.session = opened
      breaker.success()
      this.handlers.alive()
      logger.info({ feed: feed.kind, label: feed.label }, 'feed session open')
      this.handlers.opened()
    } catch (error) {
      if (run !== this.generation) return
      breaker.failure()
      logger.warn(
        { err: error, failures: breaker.consecutiveFailures, circuit: breaker.state },
        'feed connection failed',
      )
      this.later(run)
    }
  }

  /** Ends `ended` if it is still the session, and connects again after the backoff. */
  lost(ended: FeedSession, reason: unknown): void {
    if (this.session !== ended) return
    this.session = null
    this.handlers.ended()
    ended.close()
    this.breaker.failure()
    this.logger.warn({ err: reason, circuit: this.breaker.state }, 'feed session lost')
    this.later(this.generation)
  }

  /** Ends the run: a retry waiting is cancelled and the session closed. */
  stop(): void {
    this.generation++
    if (this.retry) clearTimeout(this.retry)
    this.retry = null
    this.session?.close()
    this.session = null
  }

  private events(run: number): FeedEvents {
    return {
      updates: (updates) => {
        if (run === this.generation) this.handlers.updates(updates)
      },
      alive: () => {
        if (run === this.generation) this.handlers.alive()
      },
      malformed: (detail) => {
        this.malformed++
        const malformed = this.malformed
        this.logger.warn({ detail: detail.slice(0, 200), malformed }, 'feed message skipped')
      },
      closed: (reason) => {
        if (run === this.generation && this.session) this.lost(this.session, reason)
      },
    }
  }

  private later(run: number): void {
    if (!this.running() || run !== this.generation) return
    this.retry = setTimeout(() => void this.connect(run), Math.max(1, this.breaker.delayMs()))
    this.retry.unref()
  }
}
