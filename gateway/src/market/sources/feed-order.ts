import type { FeedUpdate } from './stream-feed'

/** Keys remembered per stream: a feed that repeats a message repeats a recent one. */
const KEYS_KEPT = 8

/**
 * Drops what a streaming feed sends twice or late (issue 38, "faults"): per code and stream, an
 * update whose key was seen among the last few, or whose order is below the last one taken. A
 * reconnect may replay the last board; a relay in front of a feed may reorder.
 */
export class FeedOrder {
  private readonly last = new Map<string, { order: readonly number[]; keys: string[] }>()
  dropped = 0

  /**
   * Whether `update` is news, and which: `later` (its order is above the last one's: a new print),
   * `same` (the same order with something else changed: a board's levels alone); null for a repeat
   * or a late one, dropped. News becomes the last of its stream.
   */
  accept(update: FeedUpdate): 'later' | 'same' | null {
    const stream = `${update.code}\u0000${update.channel}`
    const seen = this.last.get(stream)
    const step = seen ? compare(update.order, seen.order) : 1
    if (seen && (seen.keys.includes(update.key) || step < 0)) {
      this.dropped++
      return null
    }
    const keys = seen ? [...seen.keys.slice(1 - KEYS_KEPT), update.key] : [update.key]
    this.last.set(stream, { order: update.order, keys })
    return step > 0 ? 'later' : 'same'
  }

  /** Forgets a code (released: whatever comes after a new registration is news). */
  forget(code: string): void {
    for (const stream of this.last.keys()) {
      if (stream.startsWith(`${code}\u0000`)) this.last.delete(stream)
    }
  }
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}
