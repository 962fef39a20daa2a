import type { Bar, CorporateAction, PriceAdjust } from './types'

/**
 * Price adjustment of bars by corporate actions, MARKET-RULES.md §5's multiplicative form, with
 * f = Pref / Pclose₋₁ per action:
 * - forward (前复权): price(t) · ∏ f over actions dated after t's day — the latest bar is unchanged;
 * - backward (后复权): price(t) / ∏ f over actions dated on or before t's day — the first is unchanged.
 * Volumes move by the split part only (an N:1 split multiplies earlier volumes by N going forward);
 * turnover is money and stays as traded. `dayOf` names a bar's local trading day (YYYY-MM-DD): an
 * action applies to the bars of days before its ex-date. Prices are not rounded here.
 *
 * @example
 * // a 2:1 split on 2026-03-02: the bar of 2026-02-27 at 200 becomes 100 forward
 * adjustBars(bars, [{ code: 'X', date: '2026-03-02', kind: 'split', ratio: 2, factor: 0.5 }],
 *   'forward', (time) => utcToIsoDate(time * 1000))
 */
export function adjustBars<B extends Bar>(
  bars: readonly B[],
  actions: readonly CorporateAction[],
  mode: PriceAdjust,
  dayOf: (time: number) => string,
): B[] {
  if (mode === 'none' || actions.length === 0) return bars.slice()
  const sorted = [...actions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const splitPart = (action: CorporateAction) => (action.kind === 'split' ? (action.ratio ?? 1) : 1)
  // Running products over the actions already passed (dated on or before the bar's day).
  let passed = 0
  let priceBefore = 1
  let sharesBefore = 1
  let priceAll = 1
  let sharesAll = 1
  for (const action of sorted) {
    priceAll *= action.factor
    sharesAll *= splitPart(action)
  }
  return bars.map((bar) => {
    const day = dayOf(bar.time)
    for (let next = sorted[passed]; next && next.date <= day; next = sorted[++passed]) {
      priceBefore *= next.factor
      sharesBefore *= splitPart(next)
    }
    // Forward uses the actions still ahead of the bar: all of them divided by those passed.
    const price = mode === 'forward' ? priceAll / priceBefore : 1 / priceBefore
    const shares = mode === 'forward' ? sharesAll / sharesBefore : 1 / sharesBefore
    return {
      ...bar,
      open: bar.open * price,
      high: bar.high * price,
      low: bar.low * price,
      close: bar.close * price,
      volume: bar.volume * shares,
    }
  })
}

/** f for a cash dividend `cash` against the close before the ex-date: 1 − D / Pclose₋₁. */
export const dividendFactor = (cash: number, prevClose: number) => 1 - cash / prevClose

/** f for an N:1 split (`ratio` new shares per old one; a 1:5 reverse split is ratio 0.2). */
export const splitFactor = (ratio: number) => 1 / ratio
