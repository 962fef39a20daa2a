import { ThemeProvider } from '@mui/material/styles'
import { ToastHost } from '../ui/toast/ToastHost'
import { theme } from './theme'
import { addThemeVariables } from './theme-variables'

/** The message toasts under the app's theme: they also show on the login screens, which have none. */
export function ThemedToastHost() {
  addThemeVariables(theme)
  return (
    <ThemeProvider theme={theme} disableStyleSheetGeneration>
      <ToastHost />
    </ThemeProvider>
  )
}
