import type { BankCard } from '@kabu/shared/api/banks'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
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

/** Unbinding a card asks for the fund password first (spec §5), naming the card it removes. */
export function DeleteCardDialog({
  card,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  card: BankCard | null
  busy: boolean
  error: string | null
  onConfirm: (fundPassword: string, totp: string) => void
  onCancel: () => void
}) {
  const [pin, setPin] = useState('')
  const [totp, setTotp] = useState('')
  const factors = useSecondFactors()
  const close = () => {
    setPin('')
    setTotp('')
    onCancel()
  }
  return (
    <Dialog open={card !== null} onClose={busy ? undefined : close} fullWidth>
      <DialogTitle>
        <FormattedMessage id="mine.bank.delete.title" />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {card && `${card.bank_name} ${card.branch_name} ${card.card_number_masked}`}
          </Typography>
          {error && <Alert severity="error">{translateServerMessage(error)}</Alert>}
          <FormTextField
            name="bank-delete-fund-password"
            password
            labelId="mine.bank.fundPassword"
            value={pin}
            onChange={setPin}
            autoComplete="off"
          />
          <SecondFactorHint factors={factors} totp={totp} onTotp={setTotp} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          <FormattedMessage id="mine.bank.delete.cancel" />
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy || !/^\d{6}$/.test(pin)}
          onClick={() => onConfirm(pin, totp.trim())}
          data-testid="bank-delete-confirm"
        >
          <FormattedMessage id="mine.bank.delete.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
