import type { Quote } from '@kabu/shared/market/types'
import { unitsToPrice } from '@kabu/shared/money/units'
import type { InstrumentSim } from './instrument'

/**
 * The wire quote of an instrument now. Prices leave units here; change and percent are computed
 * from units so no float noise shows (812.4 − 800.1 would print 12.299999999999955).
 */
export function quoteOf(sim: InstrumentSim, trading: boolean): Quote {
  const { listing } = sim
  const day = sim.day
  const prevClose = day?.plan.prevClose ?? sim.price
  const bar = day?.bar
  const limits = day?.plan.limits ?? null
  const change = sim.price - prevClose
  return {
    code: listing.code,
    market: listing.market,
    kind: listing.kind,
    name: listing.name,
    price: unitsToPrice(sim.price),
    prevClose: unitsToPrice(prevClose),
    open: unitsToPrice(bar?.open ?? sim.price),
    high: unitsToPrice(bar?.high ?? sim.price),
    low: unitsToPrice(bar?.low ?? sim.price),
    volume: bar?.volume ?? 0,
    turnover: unitsToPrice(bar?.turnover ?? 0),
    change: unitsToPrice(change),
    // `|| 0`: a fall too small to show rounds to −0, which JSON sends as 0 (the wire and the
    // service would disagree about the same quote).
    changePct: (prevClose > 0 ? Math.round((change / prevClose) * 10_000) / 100 : 0) || 0,
    marketCap: Math.round(unitsToPrice(sim.price) * listing.sharesOutstanding),
    limitUp: limits ? unitsToPrice(limits.up) : null,
    limitDown: limits ? unitsToPrice(limits.down) : null,
    time: sim.lastPrintAt,
    seq: sim.seq,
    trading,
    special: sim.special && { side: sim.special.side, price: unitsToPrice(sim.special.price) },
    source: 'simulator',
  }
}
