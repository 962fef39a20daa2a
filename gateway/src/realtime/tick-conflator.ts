import type { Quote } from '@kabu/shared/market/types'
import { TICK_BATCH_MS } from '@kabu/shared/realtime'

/** Whoever receives `ticks` batches: a phone's QuoteTransport, or a test double. */
export interface TickSink {
  /**
   * Sends the batch at once. The array is lent for the call: the conflator fills the same one for
   * the next sink (a sink that kept a batch would copy it).
   */
  sendTicks(quotes: readonly Quote[]): void
  /** Still writing an earlier batch (a slow or stalled reader): skip it for now. */
  isBehind?(): boolean
}

/**
 * How often the hub calls flush(). A sink is looked at on every flush but sent to at most once per
 * TICK_BATCH_MS, so this is how close to "due" a send lands and how soon an idle phone hears of
 * its first change: 2 ms. At a tenth of the frame, a send that missed "due" by a hair (its place
 * in the previous flush's loop) waited 10 ms more: 500 phones then got 9.6 frames a second, not
 * 10, and their lag p99 was 101–103 ms; at 2 ms, 10 frames and 97–99 ms, none sooner than the
 * rule, for no measurable CPU (a look at a sink that is not due is a subtraction:
 * tests/load/fanout.ts).
 */
export const FLUSH_EVERY_MS = 2

/**
 * Sends made in one go before the hub lets other work in (quotes.hub.ts goes on at setImmediate).
 * A flush is small while the loop keeps up (a few dozen sends every 2 ms), but one that comes late
 * owes the share of the whole wait: on a starved core it sent to most of 1,000-2,000 phones in one
 * go, and a batch of quotes from Redis waited behind it. Sliced, at 2,000 phones × 5,000 ticks/s on
 * 2 cores loaded by other work (loadavg 4.5-6.4): the Redis hop (tick creation at the leader ->
 * heard by a gateway) p50 404-600 -> 42-67 ms, p99 853-1,284 -> 153-291 ms, one gateway's loop delay
 * p99 361-666 -> 9-15 ms, lag p99 no worse (tests/load/fanout.ts --cluster, 3 runs each). 10 is
 * not tuned: small enough that a slice is well under a millisecond, large enough that yielding
 * (one loop turn) costs little beside it.
 */
export const FLUSH_SLICE = 10

// Timers fire on a millisecond loop clock, so two flushes 100 ms apart can measure 99.x ms on
// performance.now(); without slack such a sink would wait a whole extra flush.
const SLACK_MS = 2

/*
 * Sends are spread over the frame: a flush sends to at most the share of the sinks that the time
 * since the previous flush is worth, with this headroom (and at least one). Without it, every phone
 * that subscribed before the first prints got its first batch in one flush, and so all of them
 * every 100 ms after: at 2,000 phones that flush held the event loop ~60 ms and the last phones in
 * it got their frame that much later (issue 5, tests/load/fanout.ts: a message's newest tick →
 * phone p99 85–108 ms, loop delay max 120–155 ms). Spread, a flush sends a few dozen.
 */
const SPREAD_HEADROOM = 1.5

/** One sink's codes, as indexes into the conflator's per-code arrays, and what it last got of each. */
class SinkState<S> {
  codes = new Int32Array(0)
  /** The version of each code that this sink last received (or held from). */
  sent = new Float64Array(0)
  lastSent = -Infinity

  constructor(readonly sink: S) {}

  /** Holds a code from its current `version` on: what came before, its snapshot told. */
  add(index: number, version: number): void {
    if (this.codes.includes(index)) return
    const codes = new Int32Array(this.codes.length + 1)
    codes.set(this.codes)
    codes[this.codes.length] = index
    const sent = new Float64Array(this.sent.length + 1)
    sent.set(this.sent)
    sent[this.sent.length] = version
    this.codes = codes
    this.sent = sent
  }

  drop(index: number): void {
    const at = this.codes.indexOf(index)
    if (at < 0) return
    this.codes = Int32Array.from([...this.codes.subarray(0, at), ...this.codes.subarray(at + 1)])
    this.sent = Float64Array.from([...this.sent.subarray(0, at), ...this.sent.subarray(at + 1)])
  }
}

/**
 * The `ticks` conflation, pulled rather than pushed. A print only replaces its code's latest quote
 * and bumps the code's version: nothing is copied per sink, however many hold the code. On each
 * flush every sink that is due (its last batch at least TICK_BATCH_MS ago) compares the versions
 * of its codes with those it last received and, if any moved, gets one batch with the latest quote
 * of each moved code. So a batch holds everything printed up to the moment it is sent (a tick
 * waits at most one frame, as with a per-phone timer), a phone that has been quiet hears of its
 * next change within FLUSH_EVERY_MS, and a sink that is behind is simply skipped: it gets the
 * latest of each code when it catches up. Memory is per code and per subscription, never per tick.
 */
export class TickConflator<S extends TickSink> {
  private readonly indexOf = new Map<string, number>()
  private latest: (Quote | undefined)[] = []
  private versions = new Float64Array(64)
  private readonly sinks = new Map<S, SinkState<S>>()
  /**
   * The same states in subscription order, walked by index: a flush looks at up to every sink
   * 500 times a second, and walking the Map allocated an entry pair and a result per step, about
   * half of what a gateway allocated at 2,000 phones (tests/load/fanout.ts --profile=alloc).
   */
  private order: SinkState<S>[] = []
  private lastFlush: number
  /** Sends the current flush may still make (its share of the sinks). */
  private owed = 0
  /**
   * Where a sliced flush stopped, the due sink looked at first by `resume` (or the one after it,
   * if it left meanwhile): `resume` goes on from there instead of walking every sink again.
   */
  private cursor = 0
  /** The batch being built, one array reused for every send (see TickSink.sendTicks). */
  private readonly batch: Quote[] = []

  constructor(private readonly now: () => number = () => performance.now()) {
    this.lastFlush = now()
  }

  subscribe(sink: S, code: string): void {
    let state = this.sinks.get(sink)
    if (!state) {
      state = new SinkState(sink)
      this.sinks.set(sink, state)
      this.order.push(state)
    }
    const index = this.codeIndex(code)
    state.add(index, this.versions[index]!)
  }

  unsubscribe(sink: S, code: string): void {
    const index = this.indexOf.get(code)
    if (index !== undefined) this.sinks.get(sink)?.drop(index)
  }

  /** Whether the sink holds the code. */
  holds(sink: S, code: string): boolean {
    const index = this.indexOf.get(code)
    return index !== undefined && (this.sinks.get(sink)?.codes.includes(index) ?? false)
  }

  /** How many codes the sink holds. */
  heldBy(sink: S): number {
    return this.sinks.get(sink)?.codes.length ?? 0
  }

  /** The codes the sink holds. */
  codesOf(sink: S): string[] {
    const state = this.sinks.get(sink)
    if (!state) return []
    const codeAt: string[] = []
    for (const [code, index] of this.indexOf) codeAt[index] = code
    return [...state.codes].map((index) => codeAt[index]!)
  }

  /** Forgets a sink entirely (its socket disconnected). */
  remove(sink: S): void {
    const state = this.sinks.get(sink)
    if (!state) return
    this.sinks.delete(sink)
    const at = this.order.indexOf(state)
    this.order.splice(at, 1)
    // The sinks after it moved down one: a sliced flush goes on where it was.
    if (at < this.cursor) this.cursor--
  }

  /** Takes prints from the market; only codes someone has held are kept. */
  offer(quotes: readonly Quote[]): void {
    for (const quote of quotes) {
      const index = this.indexOf.get(quote.code)
      if (index === undefined) continue
      this.latest[index] = quote
      this.versions[index]! += 1
    }
  }

  /**
   * Sends every due sink whose codes moved its batch, up to this flush's share of the sinks. The hub
   * calls it every FLUSH_EVERY_MS. At most `slice` sends happen now; it answers true when it
   * stopped there with more of its share left, which `resume` sends.
   */
  flush(slice = Infinity): boolean {
    const now = this.now()
    const since = Math.min(TICK_BATCH_MS, now - this.lastFlush)
    this.lastFlush = now
    // What a sliced flush had left is still owed: the sinks it would have sent are still due.
    this.owed += Math.max(1, Math.ceil((this.sinks.size * since * SPREAD_HEADROOM) / TICK_BATCH_MS))
    this.cursor = 0
    return this.resume(slice)
  }

  /** Goes on with a flush that stopped at its slice (`flush` answered true): the same contract. */
  resume(slice = Infinity): boolean {
    const versions = this.versions
    // Read again after each send. A pause between two reads (a busy core) can only leave it behind
    // the real time, which makes a sink look less due than it is, never more.
    let now = this.now()
    let sends = 0
    const order = this.order
    for (let at = this.cursor; at < order.length; at++) {
      const state = order[at]!
      if (this.owed === 0) break
      if (now - state.lastSent < TICK_BATCH_MS - SLACK_MS) continue
      if (sends === slice) {
        // This sink is due and not yet looked at: `resume` starts with it.
        this.cursor = at
        return true
      }
      const { sink, codes, sent } = state
      const batch = this.batch
      batch.length = 0
      for (let i = 0; i < codes.length; i++) {
        const index = codes[i]!
        if (versions[index] === sent[i]) continue
        if (batch.length === 0 && sink.isBehind?.()) break
        batch.push(this.latest[index]!)
        sent[i] = versions[index]!
      }
      if (batch.length === 0) continue
      sink.sendTicks(batch)
      this.owed--
      sends++
      // Stamped once the batch is handed over, not at the flush's start: a pause while building it
      // (a GC) or a loop descheduled halfway must not let the next batch leave sooner than a frame
      // after this one.
      now = this.now()
      state.lastSent = now
    }
    this.owed = 0
    this.cursor = order.length
    return false
  }

  /** The code's slot in the per-code arrays, made on first subscription (codes are a few thousand). */
  private codeIndex(code: string): number {
    let index = this.indexOf.get(code)
    if (index !== undefined) return index
    index = this.indexOf.size
    this.indexOf.set(code, index)
    if (index >= this.versions.length) {
      const grown = new Float64Array(this.versions.length * 2)
      grown.set(this.versions)
      this.versions = grown
    }
    return index
  }
}
