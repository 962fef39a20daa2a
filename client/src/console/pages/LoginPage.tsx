import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { logIn } from '../api'
import { refusalText } from '../ui/errors'

/** Login and password; a passkey step will follow the password here (issue 17's seam). */
export function LoginPage() {
  const intl = useIntl()
  const [login, setLogin] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    logIn(login, password).catch((e: unknown) => {
      setError(refusalText(intl, e))
      setBusy(false)
    })
  }

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', p: 2 }}>
      <Paper component="form" onSubmit={submit} sx={{ p: 3, width: '100%', maxWidth: 380 }}>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          <FormattedMessage id="console.login.title" />
        </Typography>
        <TextField
          label={intl.formatMessage({ id: 'console.login.login' })}
          name="login"
          autoComplete="username"
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          fullWidth
          required
          margin="normal"
        />
        <TextField
          label={intl.formatMessage({ id: 'console.login.password' })}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
          required
          margin="normal"
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
          <FormattedMessage id="console.login.submit" />
        </Button>
      </Paper>
    </Box>
  )
}
