import { getContrastRatio, type Palette } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'

describe("the light theme's coloured text reads on its backgrounds (WCAG AA, 4.5:1)", () => {
  // The default scheme is the light one.
  const palette = theme.palette
  const backgrounds = [palette.background.default, palette.background.paper]
  for (const name of ['primary', 'warning', 'info', 'error', 'success'] as const) {
    it(`${name} (chips, links, messages)`, () => {
      for (const background of backgrounds) {
        expect(getContrastRatio(palette[name].main, background)).toBeGreaterThanOrEqual(4.5)
      }
    })
    it(`${name} buttons' text`, () => {
      expect(
        getContrastRatio(palette[name].contrastText, palette[name].main),
      ).toBeGreaterThanOrEqual(4.5)
    })
  }
})

describe("the dark theme's filled messages, chips and buttons read (WCAG AA, 4.5:1)", () => {
  // MUI fills an alert with the `dark` shade in the dark scheme, and picks its text for it.
  const dark = (theme as unknown as { colorSchemes: { dark: { palette: Palette } } }).colorSchemes
    .dark.palette
  for (const name of ['warning', 'info', 'error', 'success'] as const) {
    it(name, () => {
      const fill = dark[name].dark
      expect(getContrastRatio(dark.getContrastText(fill), fill)).toBeGreaterThanOrEqual(4.5)
    })
    it(`${name} chips and buttons`, () => {
      expect(getContrastRatio(dark[name].contrastText, dark[name].main)).toBeGreaterThanOrEqual(4.5)
    })
  }
})
