import { ThemeProvider } from '@mui/material/styles'
import { ToastHost } from '../ui/toast/ToastHost'
import { theme } from './theme'

/** The message toasts under the app's theme: they also show on the login screens, which have none. */
export function ThemedToastHost() {
  return (
    <ThemeProvider theme={theme}>
      <ToastHost />
    </ThemeProvider>
  )
}
