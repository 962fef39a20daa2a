import { readFileSync } from 'node:fs'
import { decomposeColor, getContrastRatio, type Palette } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'
import { trendVariables } from '../ui/price/trend'

/**
 * plain.css repeats the theme's colours as CSS variables (the login screens load before MUI):
 * they must stay the theme's, and every pair of text and background it draws must read.
 */
const css = readFileSync(new URL('../ui/plain/plain.css', import.meta.url), 'utf8')
const darkStart = css.indexOf('@media (prefers-color-scheme: dark)')

function variables(block: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const [, name, value] of block.matchAll(/(--(?:k|kabu)-[\w-]+):\s*([^;]+);/g)) {
    if (name && value) found[name] = value.trim()
  }
  return found
}

const schemes = {
  light: variables(css.slice(0, darkStart)),
  dark: variables(css.slice(darkStart, css.indexOf('}\n}', darkStart))),
}

/** A colour with alpha as it shows over an opaque background. */
function over(colour: string, background: string): string {
  const { values: fg } = decomposeColor(colour)
  const { values: bg } = decomposeColor(background)
  const alpha = fg[3] ?? 1
  const mixed = [0, 1, 2].map((i) => Math.round(fg[i]! * alpha + bg[i]! * (1 - alpha)))
  return `rgb(${mixed.join(', ')})`
}

// Text on what it is drawn on: the page, the cards, a filled button, a tinted alert.
const PAIRS: Array<[text: string, background: string]> = [
  ['--k-text', '--k-bg'],
  ['--k-text-2', '--k-bg'],
  ['--k-text-2', '--k-paper'],
  ['--k-primary', '--k-bg'],
  ['--k-error', '--k-bg'],
  // The labels of simulated and real data (ui/price/SimulatedBadge).
  ['--k-warning', '--k-bg'],
  ['--k-info', '--k-bg'],
  ['--k-on-primary', '--k-primary'],
  ['--k-on-warning', '--k-warning'],
  ['--k-on-error', '--k-error'],
  ['--k-error-text', '--k-error-bg'],
  ['--k-warning-text', '--k-warning-bg'],
]

describe.each(Object.entries(schemes))('plain.css, %s scheme', (_, vars) => {
  it.each(PAIRS)('%s reads on %s (WCAG AA, 4.5:1)', (text, background) => {
    const bg = vars[background]!
    expect(getContrastRatio(over(vars[text]!, bg), bg)).toBeGreaterThanOrEqual(4.5)
  })
})

describe('plain.css keeps the price colours of ui/price/trend.ts', () => {
  it.each(['light', 'dark'] as const)('%s', (scheme) => {
    for (const [name, colour] of Object.entries(trendVariables(scheme)))
      expect(schemes[scheme][name]).toBe(colour)
  })
})

describe('plain.css keeps the theme’s colours', () => {
  const dark = (theme as unknown as { colorSchemes: { dark: { palette: Palette } } }).colorSchemes
    .dark.palette
  it.each([
    ['light', theme.palette],
    ['dark', dark],
  ] as const)('%s', (scheme, palette) => {
    const vars = schemes[scheme]
    expect(vars['--k-bg']).toBe(palette.background.default)
    expect(vars['--k-paper']).toBe(palette.background.paper)
    expect(vars['--k-primary']).toBe(palette.primary.main)
    expect(vars['--k-error']).toBe(palette.error.main)
    expect(vars['--k-warning']).toBe(palette.warning.main)
    expect(vars['--k-info']).toBe(palette.info.main)
    expect(decomposeColor(vars['--k-text']!)).toEqual(decomposeColor(palette.text.primary))
    expect(decomposeColor(vars['--k-text-2']!)).toEqual(decomposeColor(palette.text.secondary))
  })
})
