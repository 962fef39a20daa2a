import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Guard } from '../security.api'

/**
 * Confirms one change of the operator's own factors: the password again and, when they hold
 * TOTP, an optional code (without one, a passkey they hold signs when they confirm). `extra` are
 * the change's own fields (a passkey's name, the new authenticator's code).
 */
export function FactorDialog(props: {
  titleId: string
  holdsTotp: boolean
  holdsPasskey: boolean
  busy: boolean
  error: string | undefined
  /** Whether the change's own fields are filled in. */
  ready: boolean
  children?: ReactNode
  onConfirm: (guard: Guard) => void
  onCancel: () => void
}) {
  const intl = useIntl()
  const [password, setPassword] = useState('')
  const [totp, setTotp] = useState('')
  return (
    <Dialog open onClose={props.busy ? undefined : props.onCancel} fullWidth maxWidth="xs">
      <DialogTitle>
        <FormattedMessage id={props.titleId} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.children}
          <TextField
            label={intl.formatMessage({ id: 'console.security.password' })}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'console-security-password' } }}
          />
          {props.holdsTotp && (
            <TextField
              label={intl.formatMessage({ id: 'console.security.heldCode' })}
              autoComplete="one-time-code"
              value={totp}
              onChange={(e) => setTotp(e.target.value.trim())}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          {props.holdsPasskey && totp === '' && (
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="console.security.passkeyWillSign" />
            </Typography>
          )}
          {props.error && <Alert severity="error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy}>
          <FormattedMessage id="console.cancel" />
        </Button>
        <Button
          variant="contained"
          data-testid="console-security-confirm"
          disabled={props.busy || password === '' || !props.ready}
          onClick={() => props.onConfirm({ password, totp })}
        >
          <FormattedMessage id="console.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
