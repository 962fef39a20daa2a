import Typography from '@mui/material/Typography'
import { useState, type ReactNode } from 'react'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { FormTextField } from '../../ui/form/FormTextField'

/** A confirmation that asks for the fund password: what will change, then the password. */
export function FundPasswordDialog(props: {
  open: boolean
  busy: boolean
  error: string | null
  titleId: string
  testId: string
  onConfirm: (fundPassword: string) => void
  onCancel: () => void
  children: ReactNode
}) {
  const [fundPassword, setFundPassword] = useState('')
  return (
    <ConfirmDialog
      open={props.open}
      titleId={props.titleId}
      busy={props.busy}
      error={props.error}
      testId={props.testId}
      confirmDisabled={fundPassword === ''}
      onConfirm={() => props.onConfirm(fundPassword)}
      onCancel={props.onCancel}
      onExited={() => setFundPassword('')}
    >
      <Typography variant="body2" component="div" sx={{ mb: 2 }}>
        {props.children}
      </Typography>
      <FormTextField
        name={`${props.testId}-fund_password`}
        password
        labelId="mine.accounts.fundPassword"
        value={fundPassword}
        onChange={setFundPassword}
        autoComplete="off"
      />
    </ConfirmDialog>
  )
}
