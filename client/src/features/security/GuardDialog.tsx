import type { SecondFactors } from '@kabu/shared/api/second-factor'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { useState, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { FormTextField } from '../../ui/form/FormTextField'
import { SecondFactorHint } from '../../ui/form/SecondFactorHint'

/**
 * Confirms one security change: the fund password, the factor already held (a passkey signs on
 * confirm; a TOTP field when the user has one) and, when enabling TOTP, the code of the new secret.
 */
export function GuardDialog(props: {
  open: boolean
  titleId: string
  factors: SecondFactors
  /** Asks for the code of a new authenticator secret (enabling TOTP). */
  newCode?: boolean
  busy: boolean
  error: string | null
  children?: ReactNode
  onConfirm: (guard: { fundPassword: string; totp: string; code: string }) => void
  onCancel: () => void
}) {
  const [fundPassword, setFundPassword] = useState('')
  const [totp, setTotp] = useState('')
  const [code, setCode] = useState('')
  const ready = /^\d{6}$/.test(fundPassword) && (!props.newCode || /^\d{6}$/.test(code.trim()))
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onCancel} fullWidth>
      <DialogTitle>
        <FormattedMessage id={props.titleId} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.children}
          {props.error && <Alert severity="error">{translateServerMessage(props.error)}</Alert>}
          {props.newCode && (
            <FormTextField
              name="security-new-code"
              labelId="mine.security.totp.newCode"
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
            />
          )}
          <FormTextField
            name="security-fund-password"
            password
            labelId="mine.security.fundPassword"
            value={fundPassword}
            onChange={setFundPassword}
            autoComplete="off"
          />
          <SecondFactorHint
            factors={props.newCode ? { ...props.factors, totp: false } : props.factors}
            totp={totp}
            onTotp={setTotp}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy}>
          <FormattedMessage id="mine.security.cancel" />
        </Button>
        <Button
          variant="contained"
          disabled={props.busy || !ready}
          onClick={() => props.onConfirm({ fundPassword, totp: totp.trim(), code: code.trim() })}
          data-testid="security-confirm"
        >
          <FormattedMessage id="mine.security.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
