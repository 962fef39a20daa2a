import type { Quote } from '@kabu/shared/market/types'
import { unitsOf } from './order-rules'

/**
 * A trade of one code: its price, how many shares traded (what resting orders at or through it
 * may fill, at most), and when it reached the matcher (the injected clock's time).
 */
export interface Print {
  price: bigint
  volume: bigint
  at: number
}

/** Prints by code, oldest first. */
export type Prints = Map<string, Print[]>

/** The day's traded shares last seen of each code: a quote's print is what it adds to them. */
export type Tape = Map<string, number>

/**
 * Adds a batch of quotes to `prints`. A quote carries the day's volume so far, so a print's
 * shares are the rise since the code's last quote on `tape`; a fall is the next day's count
 * starting again, all of it new. A code first seen counts from `seen` (the market's snapshot),
 * else from the quote itself (nothing traded that anyone here saw). A special quote carries the
 * last trade, not a new print.
 */
export function addPrints(
  prints: Prints,
  quotes: readonly Quote[],
  at: number,
  tape: Tape,
  seen: (code: string) => number | undefined,
): Prints {
  for (const q of quotes) {
    const before = tape.get(q.code) ?? Math.min(seen(q.code) ?? q.volume, q.volume)
    tape.set(q.code, q.volume)
    if (!q.trading || q.price <= 0 || q.special) continue
    const shares = q.volume >= before ? q.volume - before : q.volume
    if (shares <= 0) continue
    const list = prints.get(q.code) ?? []
    list.push({ price: unitsOf(q.price), volume: BigInt(shares), at })
    prints.set(q.code, list)
  }
  return prints
}
