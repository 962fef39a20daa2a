import type { TradingCalendar } from './calendar'
import { U_CURVATURE } from './model'

export const MINUTE_MS = 60_000

/**
 * The 1-minute buckets of a trading day and how the day's activity (variance, volume, trade
 * arrivals) spreads over them: a U shape within each session, busiest at its open and close.
 */
export interface MinuteGrid {
  date: string
  /** Epoch ms of each minute's start, ascending. */
  starts: Float64Array
  /** Share of the day's activity in each minute (sums to 1). */
  weights: Float64Array
  /** Activity time at each minute boundary: 0 before the first minute, 1 after the last. */
  elapsed: Float64Array
  /** Epoch ms when the last session closes. */
  end: number
}

export function minuteGrid(calendar: TradingCalendar, date: string): MinuteGrid {
  const sessions = calendar.sessions(date)
  const starts: number[] = []
  const raw: number[] = []
  for (const { open, close } of sessions) {
    const count = Math.round((close - open) / MINUTE_MS)
    for (let i = 0; i < count; i++) {
      const tau = (i + 0.5) / count
      starts.push(open + i * MINUTE_MS)
      raw.push(1 + U_CURVATURE * (tau - 0.5) ** 2)
    }
  }
  const total = raw.reduce((sum, w) => sum + w, 0)
  const weights = Float64Array.from(raw, (w) => w / total)
  const elapsed = new Float64Array(weights.length + 1)
  for (let j = 0; j < weights.length; j++) elapsed[j + 1] = (elapsed[j] ?? 0) + (weights[j] ?? 0)
  elapsed[weights.length] = 1
  const last = sessions[sessions.length - 1]
  return {
    date,
    starts: Float64Array.from(starts),
    weights,
    elapsed,
    end: last ? last.close : 0,
  }
}
