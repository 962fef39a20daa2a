import type { Quote } from '@kabu/shared/market/types'
import { TICK_BATCH_MS } from '@kabu/shared/realtime'

/** Whoever receives `ticks` batches: a socket, or a test double. */
export interface TickSink {
  sendTicks(quotes: Quote[]): void
  /** Still writing an earlier batch (a slow or stalled reader): skip it this window. */
  isBehind?(): boolean
}

// Timers fire on a millisecond loop clock, so two flushes 100 ms apart can measure 99.x ms on
// performance.now(); without slack such a sink would wait a whole extra window.
const SLACK_MS = 2

/**
 * The `ticks` conflation. Quotes are kept once per code per window (the latest wins), whatever the
 * number of sockets; at each window's end every sink with changes receives one batch holding the
 * latest quote of each of its codes that changed, and never more than one per TICK_BATCH_MS.
 * A sink that is behind keeps its batch, which goes on taking the latest quote per code until the
 * sink catches up: what a slow reader costs is bounded by its codes, not by time (no queue).
 */
export class TickConflator<S extends TickSink> {
  private readonly subscribers = new Map<string, Set<S>>()
  private window = new Map<string, Quote>()
  private readonly pending = new Map<S, Map<string, Quote>>()
  private readonly lastSent = new Map<S, number>()

  constructor(private readonly now: () => number = () => performance.now()) {}

  subscribe(sink: S, code: string): void {
    let sinks = this.subscribers.get(code)
    if (!sinks) this.subscribers.set(code, (sinks = new Set()))
    sinks.add(sink)
  }

  unsubscribe(sink: S, code: string): void {
    const sinks = this.subscribers.get(code)
    if (!sinks) return
    sinks.delete(sink)
    if (sinks.size === 0) this.subscribers.delete(code)
    this.pending.get(sink)?.delete(code)
  }

  /** Forgets a sink entirely (its socket disconnected). */
  remove(sink: S, codes: Iterable<string>): void {
    for (const code of codes) this.unsubscribe(sink, code)
    this.pending.delete(sink)
    this.lastSent.delete(sink)
  }

  /** Takes prints from the market; only codes someone holds are kept. */
  offer(quotes: readonly Quote[]): void {
    for (const quote of quotes) {
      if (this.subscribers.has(quote.code)) this.window.set(quote.code, quote)
    }
  }

  /**
   * Ends a window: fans its quotes out and sends each due sink its batch. Returns how many ms to
   * wait before flushing again for the sinks held back by the spacing (undefined: none was), so
   * a send that ran late in one window costs its sink milliseconds, not a whole window.
   */
  flush(): number | undefined {
    const window = this.window
    this.window = new Map()
    for (const [code, quote] of window) {
      for (const sink of this.subscribers.get(code) ?? []) {
        let batch = this.pending.get(sink)
        if (!batch) this.pending.set(sink, (batch = new Map()))
        batch.set(code, quote)
      }
    }
    let retryIn: number | undefined
    for (const [sink, batch] of this.pending) {
      if (batch.size === 0) continue
      // The time of each send, not of the window: a loop descheduled halfway (busy cores) would
      // otherwise put a sink's two sends closer than a window on the wall clock.
      const now = this.now()
      const wait = (this.lastSent.get(sink) ?? -Infinity) + TICK_BATCH_MS - SLACK_MS - now
      if (wait > 0) {
        // A sink sent earlier in this window waits for the next; only one that ran late asks for
        // a retry, all of them served by one (the longest wait).
        if (wait < TICK_BATCH_MS / 2) retryIn = Math.max(retryIn ?? 0, wait)
        continue
      }
      if (sink.isBehind?.()) continue
      this.lastSent.set(sink, now)
      const quotes = [...batch.values()]
      // Cleared, not deleted: sinks keep their place in the loop, so each one's send falls at the
      // same point of every window.
      batch.clear()
      sink.sendTicks(quotes)
    }
    return retryIn
  }
}
