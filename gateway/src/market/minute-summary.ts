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

/**
 * A quiet minute's print count and shares (see {@link quietMinute}): the day's expected count so
 * far, whole, less that of the minute before, so that a thin code printing once in ten minutes
 * still prints once in ten, and the minutes add up to the expected day.
 */
function quietVolume({ plan, grid, model, lot }: PrintContext, j: number) {
  const minutes = grid.weights.length
  const perDay = model.printsPerMinute * minutes
  const due = (edge: number) => Math.floor(perDay * (grid.elapsed[edge] ?? 1))
  const expected = due(j + 1) - due(j)
  const count = j === 0 || j === minutes - 1 ? Math.max(1, expected) : expected
  const meanLots = plan.volumeTarget / Math.max(1, lot) / (model.printsPerMinute * minutes)
  const volume = lot > 0 ? Math.max(count, Math.round(count * meanLots)) * lot : 0
  return { count, volume }
}

/** The open (close with `j + 1`) of a quiet minute: the path's level, the day's at its ends. */
function quietEdge(context: PrintContext, edge: number): number {
  const { plan, grid, levels } = context
  if (edge === 0) return plan.open
  if (edge >= grid.weights.length) return plan.close
  return onGridOf(context, levels[edge] ?? 0)
}

/**
 * Minute `j` of a long-tail code (simulated facts) caught up on: its bar from the level path alone,
 * with no draw. Thousands of such codes are built on first use or in the background, each walking
 * today's minutes up to now (1,440 of them in MARKET_HOURS=always): a stream and three draws per
 * minute, and a bar object kept per minute, made building the whole market cost tens of seconds of
 * one core and 600 MB of heap, which the phones felt. Open and close are the path's levels at the
 * minute's edges as in {@link minuteSummary}; high and low are the larger and smaller of them (no
 * stray), the count and volume the expected ones. Being a pure function of the day, such minutes
 * are not kept: {@link quietMinutes} folds a run of them into the day's bar, and the bar query
 * regenerates them. Null for a minute without prints.
 */
export function quietMinute(context: PrintContext, j: number): MinuteSummary | null {
  const { count, volume } = quietVolume(context, j)
  if (count === 0) return null
  const open = quietEdge(context, j)
  const close = quietEdge(context, j + 1)
  const high = Math.max(open, close)
  const low = Math.min(open, close)
  const start = context.grid.starts[j] ?? 0
  const typical = Math.round((open + high + low + close) / 4)
  return {
    bar: { time: start / 1000, open, high, low, close, volume, turnover: volume * typical },
    count,
    lastAt: start + MINUTE_MS - 1,
  }
}

/**
 * Minutes [from, to) of {@link quietMinute} as one bar, without making theirs: the same count,
 * volume, turnover, high and low as the minutes' bars added up. Null if none of them prints.
 */
export function quietMinutes(
  context: PrintContext,
  from: number,
  to: number,
): MinuteSummary | null {
  let count = 0
  let volume = 0
  let turnover = 0
  let high = -Infinity
  let low = Infinity
  let first = NaN
  let close = NaN
  let lastAt = 0
  let open = quietEdge(context, from)
  for (let j = from; j < to; j++) {
    const next = quietEdge(context, j + 1)
    const minute = quietVolume(context, j)
    if (minute.count > 0) {
      const hi = Math.max(open, next)
      const lo = Math.min(open, next)
      if (Number.isNaN(first)) first = open
      count += minute.count
      volume += minute.volume
      turnover += minute.volume * Math.round((open + hi + lo + next) / 4)
      high = Math.max(high, hi)
      low = Math.min(low, lo)
      close = next
      lastAt = (context.grid.starts[j] ?? 0) + MINUTE_MS - 1
    }
    open = next
  }
  if (count === 0) return null
  const time = (context.grid.starts[from] ?? 0) / 1000
  return { bar: { time, open: first, high, low, close, volume, turnover }, count, lastAt }
}
