import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import Box from '@mui/material/Box'
import { RawIntlProvider, type IntlShape } from 'react-intl'
import { RouterProvider } from 'react-router-dom'
import { LazyToastHost } from './LazyToastHost'
import { OfflineNotice } from './OfflineNotice'
import { UpdatePrompt } from './UpdatePrompt'
import type { createAppRouter } from './router'
import { theme } from './theme'

/** Providers around the router: theme (light/dark from the system), the one intl, toasts. */
export function App({
  intl,
  router,
}: {
  intl: IntlShape
  router: ReturnType<typeof createAppRouter>
}) {
  return (
    <RawIntlProvider value={intl}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {/* Phone first: on a wider screen the app keeps a phone's width, centred. */}
        <Box
          sx={{
            maxWidth: 480,
            mx: 'auto',
            minHeight: '100dvh',
            bgcolor: 'background.default',
            position: 'relative',
          }}
        >
          <OfflineNotice />
          <RouterProvider router={router} />
        </Box>
        <LazyToastHost />
        <UpdatePrompt />
      </ThemeProvider>
    </RawIntlProvider>
  )
}
