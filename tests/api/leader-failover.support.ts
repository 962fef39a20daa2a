import { unitsToPrice } from '@kabu/shared/money/units'
import { createSimulator } from '../../gateway/src/market/simulator'

/** Whole-lot cost a pick may have: the demo account's yen cover it beside its first buys. */
const MAX_COST = 300_000
/** How far ahead the prints are played, and when the crossing may come (after the order is in). */
const AHEAD_MS = 45_000
const SETTLE_MS = 4_000
const STEP_MS = 250

interface Print {
  time: number
  price: number
}

/**
 * A buy limit that rests when placed now and that a print will cross within the next half
 * minute. The simulator is seeded (SEED=1, MARKET_HOURS=always on the gateways as here), so the
 * market the gateways play is the one this process plays: the prints of the next seconds are known.
 * The limit is the lowest print of the coming window, below every price around the placing.
 */
export function crossingLimit(now: number): { code: string; lot: number; limit: string } {
  const simulator = createSimulator(1, 'always', now)
  const candidates = new Map<string, number>()
  const prints = new Map<string, Print[]>()
  for (const sim of simulator.instruments.values()) {
    const { listing } = sim
    const price = unitsToPrice(sim.price)
    if (listing.market !== 'jp' || listing.kind !== 'stock' || price * listing.lot > MAX_COST)
      continue
    candidates.set(listing.code, listing.lot)
    // The price now, before any print to come.
    prints.set(listing.code, [{ time: sim.lastPrintAt, price }])
  }
  const until = Date.now() + AHEAD_MS
  for (let at = now; at <= until; at += STEP_MS) {
    for (const q of simulator.advance(at)) {
      if (!candidates.has(q.code) || !q.trading || q.special) continue
      const list = prints.get(q.code) ?? []
      list.push({ time: q.time, price: q.price })
      prints.set(q.code, list)
    }
  }
  const placing = Date.now()
  for (const [code, list] of prints) {
    // Every price a gateway may quote while the order is placed: the last before, those around.
    const around = list.filter((p) => p.time >= placing - 5_000 && p.time <= placing + 2_000)
    const earlier = list.filter((p) => p.time < placing - 5_000).at(-1)
    const window = list.filter((p) => p.time >= placing + SETTLE_MS && p.time <= until - 2_000)
    if (window.length === 0) continue
    const floor = Math.min(...[...around, ...(earlier ? [earlier] : [])].map((p) => p.price))
    const limit = Math.min(...window.map((p) => p.price))
    if (limit < floor) return { code, lot: candidates.get(code)!, limit: String(limit) }
  }
  throw new Error('no code of the seeded market crosses a resting limit in the next seconds')
}
