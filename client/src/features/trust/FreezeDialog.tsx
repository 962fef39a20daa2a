import type { SelfFreezeWhat } from '@kabu/shared/api/trust'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
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
    <ConfirmDialog
      open={pending !== null}
      titleId={pending ? `mine.trust.freeze.${pending.action}.${pending.what}` : undefined}
      busy={busy}
      error={props.error}
      testId="freeze"
      confirmId={pending ? `mine.trust.freeze.${pending.action}.confirm` : undefined}
      cancelId="mine.trust.freeze.cancel"
      danger={pending?.action === 'freeze'}
      onConfirm={confirm}
      onCancel={props.onCancel}
      onExited={() => {
        setFundPassword('')
        setTotp('')
      }}
    >
      {pending && (
        <>
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
        </>
      )}
    </ConfirmDialog>
  )
}
