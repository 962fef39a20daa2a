import type { DaytradeSide } from '@kabu/shared/api/daytrade'

/** An open position: signed shares (long > 0, short < 0) and the signed entry notional in units. */
export interface Position {
  qty: bigint
  cost: bigint
}

export const FLAT: Position = { qty: 0n, cost: 0n }

const abs = (n: bigint) => (n < 0n ? -n : n)
const sign = (n: bigint) => (n < 0n ? -1n : 1n)

/**
 * A fill of `num` shares at `price` (units) against a position, at average cost: shares that
 * reduce the position realise (price − average) × shares (a short the other way round), shares
 * beyond it open the other side at `price`. A position closed in full takes its whole remaining
 * cost, so the P/L realised over a position's life is exact to the unit.
 *
 * @example
 * // long 200 @ 2,000, sell 300 @ 2,100: +20,000 realised, short 100 @ 2,100 left
 * applyFill({ qty: 200n, cost: 4_000_000_000n }, 'sell', 300n, 21_000_000n)
 * // { next: { qty: -100n, cost: -2_100_000_000n }, realised: 200_000_000n }
 */
export function applyFill(
  position: Position,
  side: DaytradeSide,
  num: bigint,
  price: bigint,
): { next: Position; realised: bigint } {
  const signed = side === 'buy' ? num : -num
  if (position.qty === 0n || sign(position.qty) === sign(signed)) {
    return {
      next: { qty: position.qty + signed, cost: position.cost + signed * price },
      realised: 0n,
    }
  }
  const closing = abs(signed) < abs(position.qty) ? abs(signed) : abs(position.qty)
  const closedCost =
    closing === abs(position.qty) ? position.cost : (position.cost * closing) / abs(position.qty)
  const removed = sign(position.qty) * closing
  const realised = removed * price - closedCost
  const opening = abs(signed) - closing
  if (opening > 0n) {
    const qty = sign(signed) * opening
    return { next: { qty, cost: qty * price }, realised }
  }
  return { next: { qty: position.qty - removed, cost: position.cost - closedCost }, realised }
}

/** The published exposure: Σ |entry notional| of the open positions, against the funds. */
export function grossExposure(positions: Iterable<Position>): bigint {
  let sum = 0n
  for (const p of positions) sum += abs(p.cost)
  return sum
}

/** Cash a fill moves in the intraday book before fees: a sell brings the value in, a buy pays it. */
export const cashOfFill = (side: DaytradeSide, value: bigint): bigint =>
  side === 'sell' ? value : -value
