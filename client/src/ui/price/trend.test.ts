import { getContrastRatio } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { TREND_TEXT, trendColor, trendFill } from './trend'

// The page and card backgrounds of each scheme (app/theme.ts and MUI's paper).
const BACKGROUNDS = { light: ['#ffffff', '#f4f6fa'], dark: ['#0e1117', '#171b23'] } as const

describe('price colours people can read (WCAG AA, 4.5:1)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [hue, colour] of Object.entries(TREND_TEXT[scheme])) {
      for (const background of BACKGROUNDS[scheme]) {
        it(`${scheme} ${hue} text on ${background}`, () => {
          expect(getContrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5)
        })
      }
    }
  }

  it('white text on the red and green blocks', () => {
    for (const trend of ['up', 'down', 'flat'] as const) {
      expect(getContrastRatio('#ffffff', trendFill(trend, 'red'))).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('keeps the convention: red is up in Japan, down for green-up users', () => {
    expect(trendColor('up', 'red')).toBe(trendColor('down', 'green'))
    expect(trendFill('up', 'red')).toBe(TREND_TEXT.light.red)
    expect(trendFill('up', 'green')).toBe(TREND_TEXT.light.green)
  })
})
