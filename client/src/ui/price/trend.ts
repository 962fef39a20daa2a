import type { UpColor } from '../../state/preferences'

export type Trend = 'up' | 'down' | 'flat'

export const trendOf = (change: number): Trend => (change > 0 ? 'up' : change < 0 ? 'down' : 'flat')

// Saturated, for what is drawn rather than read: chart bars and lines, the book's size bars, the
// flash behind a price that just ticked.
const RED = '#e5323c'
const GREEN = '#16a05d'
const FLAT = '#8a8f98'

/**
 * Text colours, per colour scheme: each reaches 4.5:1 (WCAG AA for small text) on that scheme's
 * page and card backgrounds (light #ffffff and #f4f6fa; dark #0e1117 and #171b23), because the
 * saturated colours above do not (red 4.0:1 and green 3.1:1 on the light page). `theme.ts` sets
 * them as CSS variables and switches them with the system's scheme, so a price needs no re-render.
 * The light ones also carry white text at 4.5:1, so a coloured block (the percent pill) uses them.
 */
export const TREND_TEXT = {
  light: { red: '#c4141c', green: '#0f7a43', flat: '#6b7079' },
  dark: { red: '#ff6b6b', green: '#4cc38a', flat: '#9aa0a8' },
} as const

type Hue = keyof (typeof TREND_TEXT)['light']

/** The CSS variable `theme.ts` defines for a text hue (`--kabu-trend-red`). */
export const trendTextVar = (hue: Hue) => `--kabu-trend-${hue}`

/** The text hues as CSS variables of one scheme (`{'--kabu-trend-red': '#c4141c', …}`). */
export const trendVariables = (scheme: keyof typeof TREND_TEXT): Record<string, string> =>
  Object.fromEntries(
    Object.entries(TREND_TEXT[scheme]).map(([hue, colour]) => [trendTextVar(hue as Hue), colour]),
  )

const hueOf = (trend: Trend, upColor: UpColor): Hue =>
  trend === 'flat' ? 'flat' : (trend === 'up') === (upColor === 'red') ? 'red' : 'green'

/**
 * The text colour of a trend under the user's convention (red = up in Japan and China): a CSS
 * variable, with the light scheme's colour where the theme is not loaded.
 */
export function trendColor(trend: Trend, upColor: UpColor): string {
  const hue = hueOf(trend, upColor)
  return `var(${trendTextVar(hue)}, ${TREND_TEXT.light[hue]})`
}

/** The background of a block carrying white text in a trend's colour (the same in both schemes). */
export const trendFill = (trend: Trend, upColor: UpColor): string =>
  TREND_TEXT.light[hueOf(trend, upColor)]

/** Up and down colours under a convention, for charts that colour each bar. */
export const trendPalette = (upColor: UpColor) => ({
  up: hueOf('up', upColor) === 'red' ? RED : GREEN,
  down: hueOf('down', upColor) === 'red' ? RED : GREEN,
  flat: FLAT,
})
