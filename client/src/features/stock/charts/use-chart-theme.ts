import useMediaQuery from '@mui/material/useMediaQuery'
import { useColorScheme, useTheme, type CssVarsTheme, type Theme } from '@mui/material/styles'
import { useMemo } from 'react'
import type { ChartTheme } from './chart-options'

/**
 * The chart's text and grid colours as real colour values. With MUI's CSS variables the screen
 * switches light/dark in CSS, but a canvas needs the values themselves: read the active scheme.
 */
export function useChartTheme(): ChartTheme {
  // The app's theme is built with CSS variables, which carry every scheme's palette.
  const theme = useTheme() as Theme & Partial<Pick<CssVarsTheme, 'colorSchemes'>>
  const { mode, systemMode } = useColorScheme()
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)')
  const scheme = (mode === 'system' ? systemMode : mode) ?? (prefersDark ? 'dark' : 'light')
  const palette = theme.colorSchemes?.[scheme]?.palette ?? theme.palette
  return useMemo(
    () => ({ text: palette.text.secondary, grid: palette.divider }),
    [palette.text.secondary, palette.divider],
  )
}
