import type { UpColor } from '../../state/preferences'

export type Trend = 'up' | 'down' | 'flat'

export const trendOf = (change: number): Trend => (change > 0 ? 'up' : change < 0 ? 'down' : 'flat')

// Saturated enough to read on white and on the dark theme; the flat grey stays neutral.
const RED = '#e5323c'
const GREEN = '#16a05d'
const FLAT = '#8a8f98'

/** The colour of a trend under the user's convention (red = up in Japan and China). */
export function trendColor(trend: Trend, upColor: UpColor): string {
  if (trend === 'flat') return FLAT
  const rising = trend === 'up'
  return rising === (upColor === 'red') ? RED : GREEN
}

/** Up and down colours under a convention, for charts that colour each bar. */
export const trendPalette = (upColor: UpColor) => ({
  up: trendColor('up', upColor),
  down: trendColor('down', upColor),
  flat: FLAT,
})
