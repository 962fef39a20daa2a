import type { Currency } from '@kabu/shared/money/currencies'
import Button from '@mui/material/Button'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { FigureRows } from '../../ui/FigureRows'
import { FormTextField } from '../../ui/form/FormTextField'
import { formatMoney } from '../../ui/money'
import type { LoanEvent } from './loan.machine'

/** Full repayment: what is owed now (principal and interest), the fund password, confirm. */
export function RepayDialog(props: {
  open: boolean
  busy: boolean
  error: string | null
  currency: Currency
  principal: string
  interest: string
  owed: string
  send: (event: LoanEvent) => void
}) {
  const intl = useIntl()
  const [fundPassword, setFundPassword] = useState('')
  const [missing, setMissing] = useState(false)
  const show = (v: string) => formatMoney(v, props.currency, intl.locale)
  const confirm = () => {
    setMissing(fundPassword === '')
    if (fundPassword !== '') props.send({ type: 'CONFIRM', fundPassword })
  }
  return (
    <ConfirmDialog
      open={props.open}
      titleId="mine.loan.repayTitle"
      error={props.error}
      busy={props.busy}
      testId="repay"
      onConfirm={confirm}
      onCancel={() => props.send({ type: 'CANCEL' })}
    >
      <FigureRows
        rows={[
          { labelId: 'mine.loan.principal', value: show(props.principal) },
          { labelId: 'mine.loan.interest', value: show(props.interest) },
          { labelId: 'mine.loan.owed', value: show(props.owed) },
        ]}
      />
      <FormTextField
        name="repay-fund_password"
        password
        labelId="mine.loan.fundPassword"
        value={fundPassword}
        onChange={setFundPassword}
        errorId={missing ? 'common.error.required' : undefined}
        autoComplete="off"
      />
      {props.error === 'repay_less_than_loan' && (
        <Button onClick={() => props.send({ type: 'RETRY' })} data-testid="repay-refresh">
          <FormattedMessage id="mine.loan.refresh" />
        </Button>
      )}
    </ConfirmDialog>
  )
}
