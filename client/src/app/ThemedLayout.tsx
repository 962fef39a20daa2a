import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { Outlet } from 'react-router-dom'
import { theme } from './theme'
import { addThemeVariables } from './theme-variables'

/**
 * The screens past login: MUI's theme (light/dark from the system) and its baseline, loaded with
 * the first of them. The start, login and register screens stay outside, on plain elements. The
 * theme's CSS variables are one plain stylesheet (app/theme-variables.ts), not emotion's.
 */
export function ThemedLayout() {
  addThemeVariables(theme)
  return (
    <ThemeProvider theme={theme} disableStyleSheetGeneration>
      <CssBaseline enableColorScheme />
      <Outlet />
    </ThemeProvider>
  )
}
