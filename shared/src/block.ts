/**
 * The published rule for a block offer (立会外分売) that more lots were asked for than it has, the
 * same on both ends: the gateway allocates by it when the order window closes, the app explains it.
 */

/** One request of an offer: `lots` asked for, at `at` (epoch ms; ties keep the input order). */
export interface BlockRequestLots<Ref> {
  ref: Ref
  lots: number
  at: number
}

export interface BlockAllocation<Ref> {
  ref: Ref
  lots: number
}

/**
 * Allocates `offered` lots among `requests`. When no more lots were asked for than are offered,
 * everyone gets what they asked for. Otherwise each request first gets its pro-rata share
 * (lots × offered ÷ asked), rounded down to whole lots; the lots this leaves go one per request in
 * the order the requests were made (earliest first) until none is left. Nobody gets more than
 * they asked for, and the total never exceeds `offered`. The result keeps the input's order.
 *
 * @example allocateBlock(10, [{ ref: 'a', lots: 10, at: 1 }, { ref: 'b', lots: 5, at: 2 }])
 * // [{ ref: 'a', lots: 7 }, { ref: 'b', lots: 3 }]   (6.67 → 6 and 3.33 → 3; the 1 left goes to a)
 * @example allocateBlock(10, [{ ref: 'a', lots: 4, at: 1 }])
 * // [{ ref: 'a', lots: 4 }]
 */
export function allocateBlock<Ref>(
  offered: number,
  requests: readonly BlockRequestLots<Ref>[],
): BlockAllocation<Ref>[] {
  if (!Number.isSafeInteger(offered) || offered < 0)
    throw new RangeError(`lots offered: ${offered}`)
  for (const r of requests) {
    if (!Number.isSafeInteger(r.lots) || r.lots < 0) throw new RangeError(`lots asked: ${r.lots}`)
  }
  const asked = requests.reduce((sum, r) => sum + BigInt(r.lots), 0n)
  if (asked <= BigInt(offered)) return requests.map((r) => ({ ref: r.ref, lots: r.lots }))
  // BigInt: lots × offered may pass 2^53 for large offers.
  const base = requests.map((r) => Number((BigInt(r.lots) * BigInt(offered)) / asked))
  let left = offered - base.reduce((sum, lots) => sum + lots, 0)
  const byTime = requests
    .map((r, index) => ({ index, at: r.at }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
  // Each share was rounded down by less than one lot, so fewer lots are left than requests:
  // one pass in time order hands them all out, and a share below its ask can take one more.
  for (const { index } of byTime) {
    if (left === 0) break
    if (base[index]! < requests[index]!.lots) {
      base[index]! += 1
      left -= 1
    }
  }
  return requests.map((r, i) => ({ ref: r.ref, lots: base[i]! }))
}

/**
 * The block price of an offer: the previous close less `discountPct` percent, in 1/10,000 units,
 * before the tick grid rounds it down (the caller's market rules do that).
 *
 * @example discountedUnits(10_000_000n, 3) // 9_700_000n (1,000 yen − 3 % = 970 yen)
 */
export function discountedUnits(prevCloseUnits: bigint, discountPct: number): bigint {
  if (!(discountPct >= 0 && discountPct < 100)) throw new RangeError(`discount: ${discountPct}`)
  const basisPoints = BigInt(Math.round(discountPct * 100))
  return (prevCloseUnits * (10_000n - basisPoints)) / 10_000n
}
