import type { SelfFreezeWhat } from '@kabu/shared/api/trust'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { FormTextField } from '../../ui/form/FormTextField'
import { SecondFactorHint } from '../../ui/form/SecondFactorHint'
import { useSecondFactors } from '../../ui/form/useSecondFactors'

/**
 * The confirmation of a freeze or a lift: what it does (and, for a freeze, that it cannot be
 * lifted for the cooling-off period), the fund password, for a lift the second factor the user
 * enrolled (as money out asks it), and a refused try's reason.
 */
export function FreezeDialog(props: {
  pending: { action: 'freeze' | 'unfreeze'; what: SelfFreezeWhat } | null
  coolingHours: number
  busy: boolean
  error: string | null
  onConfirm: (fundPassword: string, totp: string) => void
  onCancel: () => void
}) {
  const [fundPassword, setFundPassword] = useState('')
  const [totp, setTotp] = useState('')
  const [missing, setMissing] = useState(false)
  const factors = useSecondFactors()
  const { pending, busy } = props
  const confirm = () => {
    setMissing(fundPassword === '')
    if (fundPassword !== '') props.onConfirm(fundPassword, totp.trim())
  }
  return (
    <Dialog
      open={pending !== null}
      onClose={busy ? undefined : props.onCancel}
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            setFundPassword('')
            setTotp('')
          },
        },
      }}
    >
      {pending && (
        <>
          <DialogTitle>
            <FormattedMessage id={`mine.trust.freeze.${pending.action}.${pending.what}`} />
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2">
                <FormattedMessage
                  id={`mine.trust.freeze.${pending.action}.explain`}
                  values={{ hours: props.coolingHours }}
                />
              </Typography>
              <FormTextField
                name="freeze-fund_password"
                password
                labelId="mine.trust.freeze.fundPassword"
                value={fundPassword}
                onChange={setFundPassword}
                errorId={missing ? 'common.error.required' : undefined}
                autoComplete="off"
              />
              {pending.action === 'unfreeze' && (
                <SecondFactorHint factors={factors} totp={totp} onTotp={setTotp} />
              )}
              {props.error && (
                <Alert severity="error" data-testid="freeze-error">
                  {translateServerMessage(props.error)}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel} disabled={busy} data-testid="freeze-cancel">
              <FormattedMessage id="mine.trust.freeze.cancel" />
            </Button>
            <Button
              variant="contained"
              color={pending.action === 'freeze' ? 'error' : 'primary'}
              onClick={confirm}
              disabled={busy}
              data-testid="freeze-confirm"
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              <FormattedMessage id={`mine.trust.freeze.${pending.action}.confirm`} />
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
