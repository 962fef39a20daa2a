/** Milliseconds in 1 ms buckets; the last bucket holds everything from LIMIT_MS on. */
const LIMIT_MS = 10_000

export class Histogram {
  readonly counts: number[]

  constructor(counts?: number[]) {
    this.counts = counts ?? new Array<number>(LIMIT_MS + 1).fill(0)
  }

  add(ms: number): void {
    this.counts[Math.min(LIMIT_MS, Math.max(0, Math.round(ms)))]!++
  }

  merge(other: Histogram): void {
    for (let i = 0; i <= LIMIT_MS; i++) this.counts[i]! += other.counts[i]!
  }

  get total(): number {
    return this.counts.reduce((sum, n) => sum + n, 0)
  }

  /** The smallest bucket at or below which p % of the samples lie; NaN when empty. */
  percentile(p: number): number {
    const total = this.total
    if (total === 0) return NaN
    const wanted = Math.ceil((p / 100) * total)
    let seen = 0
    for (let ms = 0; ms <= LIMIT_MS; ms++) {
      seen += this.counts[ms]!
      if (seen >= wanted) return ms
    }
    return LIMIT_MS
  }
}
