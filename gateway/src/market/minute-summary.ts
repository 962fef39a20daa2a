import type { UnitBar } from './bars'
import { intradayVol } from './day'
import { MINUTE_MS } from './grid'
import type { PrintContext } from './prints'
import type { Random } from './rng'

/** A minute priced as one bar instead of print by print, and how many prints it stands for. */
export interface MinuteSummary {
  bar: UnitBar
  count: number
  /** When its last print would have been (epoch ms): the minute's end. */
  lastAt: number
}

/** A log level as a price on the grid, inside the day's limits. */
function onGridOf({ plan, pricing }: PrintContext, level: number): number {
  const units = pricing.snap(Math.exp(level))
  return plan.limits ? Math.min(plan.limits.up, Math.max(plan.limits.down, units)) : units
}

/**
 * Minute `j` as its bar alone: what catching up on minutes long past needs (a gateway starting
 * in the afternoon, a clock jump), where playing every print of a busy code would cost most of the
 * start-up. It draws the same print count as {@link minutePrints} from the same stream; the open
 * and close are the path's levels at the minute's edges (the day's open and close at its ends), the
 * high and low stray beyond them by a half-normal share of the minute's volatility, the volume is
 * the count's expected lots. So the day's bar, its minute bars and the quote still agree; only the
 * single prints of those minutes (the tape) are not there. Null for a minute without prints.
 */
export function minuteSummary(
  context: PrintContext,
  j: number,
  random: Random,
): MinuteSummary | null {
  const { plan, grid, levels, model, lot } = context
  const minutes = grid.weights.length
  const weight = grid.weights[j] ?? 0
  const first = j === 0
  const last = j === minutes - 1
  let count = random.poisson(model.printsPerMinute * weight * minutes)
  if ((first || last) && count === 0) count = 1
  if (count === 0) return null

  let open = first ? plan.open : onGridOf(context, levels[j] ?? 0)
  let close = last ? plan.close : onGridOf(context, levels[j + 1] ?? levels[j] ?? 0)
  if (count === 1) open = close = first ? plan.open : close
  const stray = intradayVol(plan.shocks) * Math.sqrt(weight) * 0.5
  const high =
    count === 1
      ? open
      : Math.max(
          open,
          close,
          onGridOf(context, Math.log(Math.max(open, close)) + stray * Math.abs(random.normal())),
        )
  const low =
    count === 1
      ? open
      : Math.min(
          open,
          close,
          onGridOf(context, Math.log(Math.min(open, close)) - stray * Math.abs(random.normal())),
        )
  const meanLots = plan.volumeTarget / Math.max(1, lot) / (model.printsPerMinute * minutes)
  const volume = lot > 0 ? Math.max(count, Math.round(count * meanLots)) * lot : 0
  const start = grid.starts[j] ?? 0
  const typical = Math.round((open + high + low + close) / 4)
  return {
    bar: { time: start / 1000, open, high, low, close, volume, turnover: volume * typical },
    count,
    lastAt: start + MINUTE_MS - 1,
  }
}
