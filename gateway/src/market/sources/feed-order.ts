import type { FeedUpdate } from './stream-feed'

/** Keys remembered per stream: a feed that repeats a message repeats a recent one. */
const KEYS_KEPT = 8

/** A stream's last update taken (its order) and the keys of the last few, oldest first. */
interface Last {
  order: readonly number[]
  keys: string[]
}

/**
 * Drops what a streaming feed sends twice or late (issue 38, "faults"): per code and stream, an
 * update whose key was seen among the last few, or whose order is below the last one taken. A
 * reconnect may replay the last board; a relay in front of a feed may reorder.
 */
export class FeedOrder {
  // By stream, then code: no key string made per message to look a stream up.
  private readonly last = new Map<string, Map<string, Last>>()
  dropped = 0

  /**
   * Whether `update` is news, and which: `later` (its order is above the last one's: a new print),
   * `same` (the same order with something else changed: a board's levels alone); null for a repeat
   * or a late one, dropped. News becomes the last of its stream.
   */
  accept(update: FeedUpdate): 'later' | 'same' | null {
    let codes = this.last.get(update.channel)
    if (!codes) this.last.set(update.channel, (codes = new Map()))
    const seen = codes.get(update.code)
    if (!seen) {
      codes.set(update.code, { order: update.order, keys: [update.key] })
      return 'later'
    }
    const step = compare(update.order, seen.order)
    if (step < 0 || seen.keys.includes(update.key)) {
      this.dropped++
      return null
    }
    seen.order = update.order
    if (seen.keys.length >= KEYS_KEPT) seen.keys.shift()
    seen.keys.push(update.key)
    return step > 0 ? 'later' : 'same'
  }

  /** Forgets a code (released: whatever comes after a new registration is news). */
  forget(code: string): void {
    for (const codes of this.last.values()) codes.delete(code)
  }
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}
