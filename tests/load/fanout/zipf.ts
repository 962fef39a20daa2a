/**
 * A Zipf-like popularity over ranks 0..n-1 (weight 1/(rank+1)^s): a few codes shared by almost every
 * phone, a long tail held by few, as watchlists and trading activity are in practice.
 */
export class Zipf {
  private readonly cdf: Float64Array

  constructor(
    readonly n: number,
    exponent = 1,
    private readonly random: () => number = Math.random,
  ) {
    this.cdf = new Float64Array(n)
    let sum = 0
    for (let rank = 0; rank < n; rank++) this.cdf[rank] = sum += 1 / (rank + 1) ** exponent
    for (let rank = 0; rank < n; rank++) this.cdf[rank]! /= sum
  }

  /** One rank, popular ones more often. */
  sample(): number {
    const u = this.random()
    let lo = 0
    let hi = this.n - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cdf[mid]! < u) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** `count` distinct ranks (a watchlist holds a code once). */
  sampleDistinct(count: number): number[] {
    const picked = new Set<number>()
    while (picked.size < Math.min(count, this.n)) picked.add(this.sample())
    return [...picked]
  }
}

/** A seeded generator (mulberry32), so every run and setup sees the same watchlists. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
