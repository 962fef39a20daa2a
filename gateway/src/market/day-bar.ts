import type { UnitBar } from './bars'
import { intradayVol, type DayPlan } from './day'
import { clampToLimits, type Pricing } from './pricing'
import { isoDateToUtc } from '@kabu/shared/market/iso-date'

// Not a closure inside analyticDayBar: a year of history for thousands of codes calls it millions
// of times, and a closure per call costs more than the arithmetic.
const spread = (a: number, b: number, variance: number, draw: number) =>
  Math.sqrt((b - a) ** 2 - 2 * variance * Math.log(1 - draw))

/**
 * The daily bar of a day the simulator did not walk minute by minute (history, days skipped by a
 * clock jump). Open and close are the daily model's, the same ones a minute path would start and
 * end on; the high and low are drawn from the distribution of a Brownian bridge's maximum and
 * minimum between them, P(max > m) = exp(−2(m − a)(m − b)/s²).
 */
export function analyticDayBar(plan: DayPlan, pricing: Pricing): UnitBar {
  const { shocks } = plan
  const a = Math.log(plan.open)
  const b = Math.log(plan.close)
  const variance = intradayVol(shocks) ** 2 + shocks.jump ** 2
  const highIdeal = Math.exp((a + b + spread(a, b, variance, shocks.highDraw)) / 2)
  const lowIdeal = Math.exp((a + b - spread(a, b, variance, shocks.lowDraw)) / 2)
  const high = Math.max(plan.open, plan.close, clampToLimits(pricing.snap(highIdeal), plan.limits))
  const low = Math.min(plan.open, plan.close, clampToLimits(pricing.snap(lowIdeal), plan.limits))
  const typical = Math.round((plan.open + high + low + plan.close) / 4)
  return {
    time: isoDateToUtc(plan.date) / 1000,
    open: plan.open,
    high,
    low,
    close: plan.close,
    volume: plan.volumeTarget,
    turnover: plan.volumeTarget * typical,
  }
}
