import { ThemeProvider } from '@mui/material/styles'
import { Outlet } from 'react-router-dom'
import { useAlertToasts } from '../features/alerts/alert-toast'
import { applyAppStyles } from '../ui/plain/app-styles'
import { theme } from './theme'
import { addThemeVariables } from './theme-variables'

applyAppStyles()

/**
 * The screens past login: MUI's theme (light/dark from the system), loaded with the first of
 * them. The start, login and register screens stay outside, on plain elements. The theme's CSS
 * variables are one plain stylesheet (app/theme-variables.ts), not emotion's, and MUI's baseline
 * is plain.css's (what CssBaseline sets), so a screen of plain elements, as home is, has emotion
 * compile and insert nothing.
 */
export function ThemedLayout() {
  addThemeVariables(theme)
  // A fired price alert's toast on every themed screen (the tab frame's menu hears it on home).
  useAlertToasts()
  return (
    <ThemeProvider theme={theme} disableStyleSheetGeneration>
      <Outlet />
    </ThemeProvider>
  )
}
