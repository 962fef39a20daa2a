import type { Quote } from '@kabu/shared/market/types'
import { TICK_BATCH_MS } from '@kabu/shared/realtime'

/** Whoever receives `ticks` batches: a socket, or a test double. */
export interface TickSink {
  sendTicks(quotes: Quote[]): void
}

// Timers fire on a millisecond loop clock, so two flushes 100 ms apart can measure 99.x ms on
// performance.now(); without slack such a sink would wait a whole extra window.
const SLACK_MS = 2

/**
 * The `ticks` conflation. Quotes are kept once per code per window (the latest wins), whatever the
 * number of sockets; at each window's end every sink with changes receives one batch holding the
 * latest quote of each of its codes that changed, and never more than one per TICK_BATCH_MS.
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

  /** Ends a window: fans its quotes out and sends each due sink its batch. */
  flush(): void {
    const window = this.window
    this.window = new Map()
    for (const [code, quote] of window) {
      for (const sink of this.subscribers.get(code) ?? []) {
        let batch = this.pending.get(sink)
        if (!batch) this.pending.set(sink, (batch = new Map()))
        batch.set(code, quote)
      }
    }
    const now = this.now()
    for (const [sink, batch] of this.pending) {
      if (batch.size === 0) continue
      if (now - (this.lastSent.get(sink) ?? -Infinity) < TICK_BATCH_MS - SLACK_MS) continue
      this.lastSent.set(sink, now)
      this.pending.delete(sink)
      sink.sendTicks([...batch.values()])
    }
  }
}
