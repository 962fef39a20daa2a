import type { Currency } from '@kabu/shared/money/currencies'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { FormTextField } from '../../ui/form/FormTextField'
import { formatMoney } from '../../ui/money'
import { amountError } from './amount-form'
import { CardPicker } from './CardPicker'
import { SecondFactorHint } from '../../ui/form/SecondFactorHint'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { FigureRows } from '../../ui/FigureRows'
import { rulesHold, type WithdrawEvent, type WithdrawSetup } from './withdraw.machine'

/** Card, amount (with what can be withdrawn), fund password; the confirmation before it goes. */
export function WithdrawForm(props: {
  currency: Currency
  setup: WithdrawSetup
  confirming: boolean
  busy: boolean
  error: string | null
  send: (event: WithdrawEvent) => void
}) {
  const { currency, setup, send } = props
  const intl = useIntl()
  const [bankId, setBankId] = useState(setup.cards[0] ? String(setup.cards[0].id) : '')
  const [money, setMoney] = useState('')
  const [fundPassword, setFundPassword] = useState('')
  const [totp, setTotp] = useState('')
  const [errors, setErrors] = useState<{ money?: string; fundPassword?: string }>({})
  const allowed = rulesHold(setup.rules)
  const card = setup.cards.find((c) => String(c.id) === bankId)
  const show = (v: string) => formatMoney(v, currency, intl.locale)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const limits = { min: setup.rules.min, max: setup.rules.withdrawable }
    const problem = amountError(money, currency, limits)
    const found = {
      ...(problem
        ? {
            money: `server.${problem === 'amount_above_maximum' ? 'insufficient_balance' : problem}`,
          }
        : {}),
      ...(fundPassword === '' ? { fundPassword: 'common.error.required' } : {}),
    }
    setErrors(found)
    if (!found.money && !found.fundPassword && card) {
      send({
        type: 'SUBMIT',
        draft: { money: money.trim(), bankId, fundPassword, totp: totp.trim() },
      })
    }
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ px: 2 }}>
      {setup.cards.length > 0 && (
        <CardPicker cards={setup.cards} value={bankId} onChange={setBankId} />
      )}
      <Typography variant="body2" data-testid="withdraw-withdrawable">
        <FormattedMessage
          id="mine.funds.withdraw.withdrawable"
          values={{ amount: show(setup.rules.withdrawable) }}
        />
      </Typography>
      <FormTextField
        name="withdraw-money"
        labelId="mine.funds.withdraw.amount"
        value={money}
        onChange={setMoney}
        errorId={errors.money}
      />
      <FormTextField
        name="withdraw-fund_password"
        password
        labelId="mine.funds.withdraw.fundPassword"
        value={fundPassword}
        onChange={setFundPassword}
        errorId={errors.fundPassword}
        autoComplete="off"
      />
      <SecondFactorHint factors={setup.factors} totp={totp} onTotp={setTotp} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!allowed}
        data-testid="withdraw-submit"
      >
        <FormattedMessage id="mine.funds.withdraw.submit" />
      </Button>
      <ConfirmDialog
        open={props.confirming}
        titleId="mine.funds.withdraw.confirmTitle"
        error={props.error}
        busy={props.busy}
        testId="withdraw"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <FigureRows
          rows={[
            { labelId: 'mine.funds.withdraw.amount', value: show(money.trim() || '0') },
            {
              labelId: 'mine.funds.withdraw.card',
              value: card ? `${card.bank_name} ${card.card_number_masked}` : '',
            },
            { labelId: 'mine.funds.withdraw.fee', value: show('0') },
          ]}
        />
      </ConfirmDialog>
    </Stack>
  )
}
