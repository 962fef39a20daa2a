import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { OperatorFactorChallenge } from '@kabu/shared/api/ops'
import { CeremonyCancelled, signWith } from '../../api/webauthn'
import { factorOffer, logIn } from '../api'
import { refusalText } from '../ui/errors'

/**
 * Login and password; then, when the gateway asks for it (`second_factor_required`, the operator
 * holds a factor), the second step: this device's passkey signs the offered challenge, or a code
 * of the authenticator app is typed.
 */
export function LoginPage() {
  const intl = useIntl()
  const [login, setLogin] = useState('')
  const [password, setPassword] = useState('')
  const [offer, setOffer] = useState<OperatorFactorChallenge>()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  /** One try: a session, or the factors to ask for (a fresh challenge each time), or a refusal. */
  const attempt = async (factor: { passkey?: string; totp?: string } = {}) => {
    setBusy(true)
    setError(undefined)
    try {
      await logIn(login, password, factor)
    } catch (e: unknown) {
      const asked = factorOffer(e)
      if (asked) setOffer(asked)
      // The first step's request for a factor is the next step, not an error.
      if (!asked || factor.passkey !== undefined || factor.totp !== undefined) {
        setError(refusalText(intl, e))
      }
      // A refused factor spent its challenge: ask for a fresh one, keeping the error shown.
      if (!asked && offer)
        await logIn(login, password).catch((again: unknown) => {
          const fresh = factorOffer(again)
          if (fresh) setOffer(fresh)
        })
      setBusy(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void attempt(offer ? { totp: code } : {})
  }

  const signIn = async () => {
    if (!offer?.passkey) return
    let passkey: string
    try {
      passkey = await signWith(offer.passkey as Parameters<typeof signWith>[0])
    } catch (e: unknown) {
      if (!(e instanceof CeremonyCancelled)) throw e
      setError(intl.formatMessage({ id: 'console.login.passkeyCancelled' }))
      return
    }
    await attempt({ passkey })
  }

  const back = () => {
    setOffer(undefined)
    setCode('')
    setError(undefined)
  }

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', p: 2 }}>
      <Paper component="form" onSubmit={submit} sx={{ p: 3, width: '100%', maxWidth: 380 }}>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          <FormattedMessage id="console.login.title" />
        </Typography>
        {offer ? (
          <Box data-testid="console-login-factor" sx={{ display: 'grid', gap: 2 }}>
            <Typography>
              <FormattedMessage id="console.login.factor" />
            </Typography>
            {offer.passkey && (
              <Button
                variant="contained"
                data-testid="console-login-passkey"
                disabled={busy}
                onClick={() => void signIn()}
              >
                <FormattedMessage id="console.login.usePasskey" />
              </Button>
            )}
            {offer.totp && (
              <>
                <TextField
                  label={intl.formatMessage({ id: 'console.login.code' })}
                  name="totp"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', 'data-testid': 'console-login-totp' },
                  }}
                  required
                />
                <Button type="submit" variant="outlined" disabled={busy}>
                  <FormattedMessage id="console.login.submitCode" />
                </Button>
              </>
            )}
          </Box>
        ) : (
          <>
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
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
        {offer ? (
          <Button fullWidth sx={{ mt: 2 }} onClick={back} disabled={busy}>
            <FormattedMessage id="console.login.back" />
          </Button>
        ) : (
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
            <FormattedMessage id="console.login.submit" />
          </Button>
        )}
      </Paper>
    </Box>
  )
}
