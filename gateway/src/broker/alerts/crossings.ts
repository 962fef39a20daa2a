import type { Quote } from '@kabu/shared/market/types'
import { priceToUnits } from '@kabu/shared/money/units'
import type { AlertIndex, Watched } from './alert-index'

/** One alert's crossings in one pass, written as one conditional UPDATE. */
export interface Crossings {
  alert: Watched
  /** `armed` as the index held it when the pass began: the UPDATE moves only from it. */
  from: boolean
  fires: Array<{ price: bigint; at: number }>
}

/** A pass's crossings so far, by alert id. */
export type PassCrossings = Map<string, Crossings>

/**
 * Checks one quote against `index`, noting each alert's crossings in `crossings` (an alert may
 * cross back and forth in one pass). This runs for every quote of every batch on the tick path's
 * event loop: a quote that crosses nothing, nearly all of them, returns before anything is made.
 */
export function noteCrossings(
  index: AlertIndex,
  quote: Quote,
  at: number,
  crossings: PassCrossings,
): void {
  const { fired, rearmed } = index.check(quote)
  if (fired.length === 0 && rearmed.length === 0) return
  const price = BigInt(Math.round(priceToUnits(quote.price)))
  for (const alert of fired) crossed(index, alert, price, at, crossings)
  for (const alert of rearmed) crossed(index, alert, price, at, crossings)
}

function crossed(
  index: AlertIndex,
  alert: Watched,
  price: bigint,
  at: number,
  crossings: PassCrossings,
): void {
  let c = crossings.get(alert.id)
  if (!c) crossings.set(alert.id, (c = { alert, from: alert.armed, fires: [] }))
  const now = { ...alert, armed: !alert.armed }
  if (alert.armed) c.fires.push({ price, at })
  c.alert = now
  // A one-shot alert is done; a repeating one waits (or is armed again) in the index.
  if (alert.repeat) index.put(now)
}
