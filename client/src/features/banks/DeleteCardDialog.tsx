import type { BankCard } from '@kabu/shared/api/banks'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
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
    <ConfirmDialog
      open={card !== null}
      titleId="mine.bank.delete.title"
      busy={busy}
      error={error}
      testId="bank-delete"
      confirmId="mine.bank.delete.confirm"
      cancelId="mine.bank.delete.cancel"
      danger
      confirmDisabled={!/^\d{6}$/.test(pin)}
      onConfirm={() => onConfirm(pin, totp.trim())}
      onCancel={close}
    >
      <Typography variant="body2">
        {card && `${card.bank_name} ${card.branch_name} ${card.card_number_masked}`}
      </Typography>
      <FormTextField
        name="bank-delete-fund-password"
        password
        labelId="mine.bank.fundPassword"
        value={pin}
        onChange={setPin}
        autoComplete="off"
      />
      <SecondFactorHint factors={factors} totp={totp} onTotp={setTotp} />
    </ConfirmDialog>
  )
}
