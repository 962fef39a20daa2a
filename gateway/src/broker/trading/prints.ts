import type { Quote } from '@kabu/shared/market/types'
import { unitsOf } from './order-rules'

/** A trade price of one code, and when it reached the matcher (the injected clock's time). */
export interface Print {
  price: bigint
  at: number
}

/** Prints by code, oldest first. */
export type Prints = Map<string, Print[]>

/** Adds a batch of quotes to `prints`. A special quote carries the last trade, not a new print. */
export function addPrints(prints: Prints, quotes: readonly Quote[], at: number): Prints {
  for (const q of quotes) {
    if (!q.trading || q.price <= 0 || q.special) continue
    const list = prints.get(q.code) ?? []
    list.push({ price: unitsOf(q.price), at })
    prints.set(q.code, list)
  }
  return prints
}
