import { TAPE_LENGTH, type PrintSide, type TapePrint } from '@kabu/shared/market/depth'
import { unitsToPrice } from '@kabu/shared/money/units'
import type { UnitBar } from './bars'

const BUY = 1
const SELL = -1

/**
 * The last prints of one instrument (time & sales, 歩み値), kept as they are played: a fixed ring
 * of typed arrays, because the simulator plays hundreds of thousands of prints at start and every
 * one passes through here. The side follows the tick rule: a print above the one before is a buy,
 * below a sell, at the same price the side of the one before.
 */
export class Tape {
  private readonly seqs = new Float64Array(TAPE_LENGTH)
  private readonly times = new Float64Array(TAPE_LENGTH)
  private readonly prices = new Float64Array(TAPE_LENGTH)
  private readonly sizes = new Float64Array(TAPE_LENGTH)
  private readonly sides = new Int8Array(TAPE_LENGTH)
  /** Prints recorded so far; the newest sits at (count − 1) % TAPE_LENGTH. */
  private count = 0

  /** Records a print (price in units); `seq` is the instrument's seq after it. */
  record(seq: number, time: number, price: number, size: number): void {
    const slot = this.count % TAPE_LENGTH
    const previous = this.count > 0 ? (this.count - 1) % TAPE_LENGTH : -1
    const before = previous >= 0 ? (this.prices[previous] ?? price) : price
    const side =
      price > before ? BUY : price < before ? SELL : previous >= 0 ? this.sides[previous] : BUY
    this.seqs[slot] = seq
    this.times[slot] = time
    this.prices[slot] = price
    this.sizes[slot] = size
    this.sides[slot] = side ?? BUY
    this.count++
  }

  /** The aggressor side of the last print (a buy before any print). */
  lastSide(): PrintSide {
    if (this.count === 0) return 'buy'
    return this.sides[(this.count - 1) % TAPE_LENGTH] === SELL ? 'sell' : 'buy'
  }

  /** Prints at or after `since` (epoch ms) with a seq above `afterSeq`, newest first, at most `limit`. */
  entries(since: number, afterSeq = -1, limit = TAPE_LENGTH): TapePrint[] {
    const out: TapePrint[] = []
    const held = Math.min(this.count, TAPE_LENGTH, limit)
    for (let back = 1; back <= held; back++) {
      const slot = (this.count - back) % TAPE_LENGTH
      const time = this.times[slot] ?? 0
      const seq = this.seqs[slot] ?? 0
      if (time < since || seq <= afterSeq) break
      out.push({
        seq,
        time,
        price: unitsToPrice(this.prices[slot] ?? 0),
        size: this.sizes[slot] ?? 0,
        side: this.sides[slot] === SELL ? 'sell' : 'buy',
      })
    }
    return out
  }
}

/**
 * Today's VWAP, Σ price·size / Σ size over today's prints: exactly the day bar's turnover over its
 * volume, so it agrees with the quote's `turnover / volume`. Rounded to the 1/10,000 unit (it
 * falls between ticks), which keeps it within [low, high]. Null before a print with a size.
 */
export function vwapOf(bar: UnitBar | null | undefined): number | null {
  if (!bar || bar.volume <= 0) return null
  return unitsToPrice(Math.round(bar.turnover / bar.volume))
}
