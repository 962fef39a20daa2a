import type { Observable } from 'rxjs'
import type { Quote } from '@kabu/shared/market/types'
import { createFakeQuotesSocket, testQuote } from './fake-quotes-socket'
import { createQuoteStreams } from './quote-streams'

// The quote streams' test bench: a fake socket the test drives, and frames run on demand.

/** Frames run only when the test says so, to see what one frame delivers. */
export function manualFrames() {
  const queue: Array<() => void> = []
  return {
    requestFrame: (callback: () => void) => void queue.push(callback),
    run() {
      for (const callback of queue.splice(0)) callback()
    },
  }
}

export const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve))

export function setupStreams() {
  const fake = createFakeQuotesSocket()
  const frames = manualFrames()
  const streams = createQuoteStreams({
    createSocket: () => fake.socket,
    requestFrame: frames.requestFrame,
    ackTimeoutMs: 1_000,
    connectTimeoutMs: 2_000,
  })
  /** Answers the latest subscribe with snapshots of every code asked for (seq given per code). */
  const ackLast = (seqs: Record<string, number> = {}, unknown: string[] = []) => {
    const { codes, ack } = fake.lastSubscribe()
    const known = codes.filter((c) => !unknown.includes(c))
    ack({ ok: true, snapshots: known.map((c) => testQuote(c, seqs[c] ?? 1)), unknown })
  }
  return { fake, frames, streams, ackLast }
}

export function collect<T>(source: Observable<T>) {
  const values: T[] = []
  const errors: unknown[] = []
  const subscription = source.subscribe({
    next: (v) => values.push(v),
    error: (e) => errors.push(e),
  })
  return { values, errors, subscription }
}

export const seqs = (quotes: Quote[]) => quotes.map((q) => q.seq)
