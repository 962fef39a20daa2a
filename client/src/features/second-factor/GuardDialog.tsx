import type { SecondFactors } from '@kabu/shared/api/second-factor'
import { useState, type ReactNode } from 'react'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
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
    <ConfirmDialog
      open={props.open}
      titleId={props.titleId}
      busy={props.busy}
      error={props.error}
      testId="security"
      confirmDisabled={!ready}
      onConfirm={() => props.onConfirm({ fundPassword, totp: totp.trim(), code: code.trim() })}
      onCancel={props.onCancel}
    >
      {props.children}
      {props.newCode && (
        <FormTextField
          name="security-new-code"
          labelId="mine.secondFactor.totp.newCode"
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
        />
      )}
      <FormTextField
        name="security-fund-password"
        password
        labelId="mine.secondFactor.fundPassword"
        value={fundPassword}
        onChange={setFundPassword}
        autoComplete="off"
      />
      <SecondFactorHint
        factors={props.newCode ? { ...props.factors, totp: false } : props.factors}
        totp={totp}
        onTotp={setTotp}
      />
    </ConfirmDialog>
  )
}
