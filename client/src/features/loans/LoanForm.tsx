import type { LoanInfo } from '@kabu/shared/api/loans'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { FigureRows } from '../../ui/FigureRows'
import { FormTextField } from '../../ui/form/FormTextField'
import { formatMoney } from '../../ui/money'
import { loanAmountError, ratePercent } from './loan-form'
import type { LoanEvent } from './loan.machine'

/** The amount (checked against the limit as typed), then a confirmation with the terms. */
export function LoanForm(props: {
  info: LoanInfo
  confirming: boolean
  busy: boolean
  error: string | null
  send: (event: LoanEvent) => void
}) {
  const { info, send } = props
  const intl = useIntl()
  const [money, setMoney] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const show = (v: string) => formatMoney(v, info.currency, intl.locale)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const found = loanAmountError(money, info)
    setProblem(found)
    if (!found) send({ type: 'SUBMIT', money })
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ p: 2 }}>
      <FormTextField
        name="loan-money"
        labelId="mine.loan.amount"
        value={money}
        onChange={setMoney}
        errorId={problem ? `server.${problem}` : undefined}
        helperId="mine.loan.amountHint"
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={info.limit === '0'}
        data-testid="loan-submit"
      >
        <FormattedMessage id="mine.loan.submit" />
      </Button>
      <ConfirmDialog
        open={props.confirming}
        titleId="mine.loan.confirmTitle"
        error={props.error}
        busy={props.busy}
        testId="loan"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <FigureRows
          rows={[
            { labelId: 'mine.loan.amount', value: show(money.trim() || '0') },
            { labelId: 'mine.loan.rateLabel', value: `${ratePercent(info.rate_daily)} %` },
            {
              labelId: 'mine.loan.term',
              value: intl.formatMessage({ id: 'mine.loan.days' }, { days: info.term_days }),
            },
          ]}
        />
      </ConfirmDialog>
    </Stack>
  )
}
