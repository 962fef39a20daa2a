import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { Outlet } from 'react-router-dom'
import { theme } from './theme'

/**
 * The screens past login: MUI's theme (light/dark from the system) and its baseline, loaded with
 * the first of them. The start, login and register screens stay outside, on plain elements.
 */
export function ThemedLayout() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <Outlet />
    </ThemeProvider>
  )
}
