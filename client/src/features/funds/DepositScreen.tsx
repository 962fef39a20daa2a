import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useMachine } from '@xstate/react'
import { useMemo, useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { FormTextField } from '../../ui/form/FormTextField'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { amountError } from './amount-form'
import { ChannelCard } from './ChannelCard'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { FigureRows } from '../../ui/FigureRows'
import { MarketFundsScreen } from './MarketFundsScreen'
import { RequestOutcome } from './RequestOutcome'
import { VoucherPicker } from './VoucherPicker'
import { liveDepositMachine } from './deposit.live'

/** /mine/deposit: the broker's account, the amount, the slip photo, a confirmation, the review. */
export function DepositScreen() {
  return <MarketFundsScreen titleId="mine.funds.deposit.title" Body={Deposit} />
}

function Deposit({ type }: { type: MarketType }) {
  const intl = useIntl()
  const machine = useMemo(() => liveDepositMachine(type), [type])
  const [state, send] = useMachine(machine)
  const [money, setMoney] = useState('')
  const [voucher, setVoucher] = useState<string | undefined>()
  const [fieldError, setFieldError] = useState<string | undefined>()
  const { channel, draft, error, reason } = state.context
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]

  if (state.matches('loading')) return <Loading />
  if (state.matches('loadFailed') || !channel) {
    return <LoadFailed error={error} onRetry={() => send({ type: 'RETRY' })} />
  }
  if (state.hasTag('request')) {
    return (
      <RequestOutcome
        area="deposit"
        state={state.value as 'pendingReview' | 'approved' | 'rejected'}
        amount={formatMoney(draft?.money, currency, intl.locale)}
        reason={reason}
        recordsPath="/mine/stored"
        onNew={() => {
          setMoney('')
          setVoucher(undefined)
          send({ type: 'NEW' })
        }}
      />
    )
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const problem = amountError(money, currency, channel)
    setFieldError(problem ? `server.${problem}` : undefined)
    if (!problem) send({ type: 'SUBMIT', draft: { money: money.trim(), voucher } })
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ p: 2 }}>
      <ChannelCard channel={channel} />
      <FormTextField
        name="deposit-money"
        labelId="mine.funds.deposit.amount"
        value={money}
        onChange={setMoney}
        errorId={fieldError}
        helperId="mine.funds.deposit.amountHint"
      />
      <VoucherPicker onUploaded={setVoucher} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!channel.open}
        data-testid="deposit-submit"
      >
        <FormattedMessage id="mine.funds.deposit.submit" />
      </Button>
      <ConfirmDialog
        open={state.hasTag('confirm')}
        titleId="mine.funds.deposit.confirmTitle"
        error={error}
        busy={state.hasTag('busy')}
        testId="deposit"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <FigureRows
          rows={[
            {
              labelId: 'mine.funds.deposit.amount',
              value: formatMoney(draft?.money, currency, intl.locale),
            },
            { labelId: 'mine.funds.deposit.reference', value: channel.reference },
            {
              labelId: 'mine.funds.deposit.voucher',
              value: (
                <FormattedMessage
                  id={draft?.voucher ? 'mine.funds.attached' : 'mine.funds.notAttached'}
                />
              ),
            },
          ]}
        />
      </ConfirmDialog>
    </Stack>
  )
}
