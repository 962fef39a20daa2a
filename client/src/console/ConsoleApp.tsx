import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { RawIntlProvider, type IntlShape } from 'react-intl'
import { useSnapshot } from 'valtio'
import { theme } from '../app/theme'
import { consoleSession } from './api'
import { LoginPage } from './pages/LoginPage'
import { Shell } from './Shell'

/** The console: the customer app's theme and languages, the login until a session, then the shell. */
export default function ConsoleApp({ intl }: { intl: IntlShape }) {
  const { me } = useSnapshot(consoleSession)
  return (
    <RawIntlProvider value={intl}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {me ? <Shell /> : <LoginPage />}
      </ThemeProvider>
    </RawIntlProvider>
  )
}
