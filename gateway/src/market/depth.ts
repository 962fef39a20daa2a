import type { Depth } from '@kabu/shared/market/depth'
import { unitsToPrice } from '@kabu/shared/money/units'
import { simulatedBook, type UnitLevel } from './book'
import type { InstrumentSim } from './instrument'
import { randomStream } from './rng'
import { vwapOf } from './tape'

const toWire = (levels: UnitLevel[]) =>
  levels.map((level) => ({ price: unitsToPrice(level.price), size: level.size }))

/**
 * The depth of an instrument now: its simulated book at the last print, today's prints of its
 * tape (newest first, those with a seq above `afterSeq`) and today's VWAP.
 */
export function depthOf(sim: InstrumentSim, seed: number, afterSeq = -1): Depth {
  const { listing, model } = sim
  const day = sim.day
  const minutes = day?.context.grid.weights.length ?? 0
  const weight = day?.context.grid.weights[Math.max(0, day.minute)] ?? 0
  const expectedPrints = model.printsPerMinute * Math.max(1, minutes)
  const book = simulatedBook(
    {
      price: sim.price,
      lastSide: sim.tape.lastSide(),
      limits: day?.plan.limits ?? null,
      lot: listing.lot,
      meanLots:
        (day?.plan.volumeTarget ?? model.averageVolume) / Math.max(1, listing.lot) / expectedPrints,
      activity: minutes > 0 ? weight * minutes : 1,
      dailyVol: model.dailyVol,
    },
    sim.pricing,
    randomStream(seed, 'book', listing.code, sim.seq),
  )
  const dayStart = day?.context.grid.starts[0] ?? 0
  return {
    code: listing.code,
    bids: toWire(book.bids),
    asks: toWire(book.asks),
    tape: sim.tape.entries(dayStart, afterSeq),
    vwap: vwapOf(day?.bar),
    time: sim.lastPrintAt,
    dayStart,
  }
}
