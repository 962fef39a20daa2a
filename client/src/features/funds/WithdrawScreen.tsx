import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { MarketFundsScreen } from './MarketFundsScreen'
import { RequestOutcome } from './RequestOutcome'
import { WithdrawalRecords } from './WithdrawalRecords'
import { WithdrawForm } from './WithdrawForm'
import { WithdrawRulesList } from './WithdrawRulesList'
import { liveWithdrawMachine } from './withdraw.live'

/**
 * /mine/withdraw: the published rules first, each with its state; then the card, the amount
 * (withdrawable shown), the fund password and a confirmation; then the review, live; and the
 * user's withdrawals with their timelines.
 */
export function WithdrawScreen() {
  return <MarketFundsScreen titleId="mine.funds.withdraw.title" Body={Withdraw} />
}

function Withdraw({ type }: { type: MarketType }) {
  const machine = useMemo(() => liveWithdrawMachine(type), [type])
  const [state, send] = useMachine(machine)
  const intl = useIntl()
  const { setup, draft, error, reason, requestId } = state.context
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]
  const records = <WithdrawalRecords type={type} version={`${String(state.value)}:${requestId}`} />

  if (state.matches('loading')) return <Loading />
  if (state.matches('loadFailed') || !setup) {
    return <LoadFailed error={error} onRetry={() => send({ type: 'RETRY' })} />
  }
  if (state.hasTag('request')) {
    return (
      <>
        <RequestOutcome
          area="withdraw"
          state={state.value as 'pendingReview' | 'approved' | 'rejected'}
          amount={formatMoney(draft?.money, currency, intl.locale)}
          reason={reason}
          recordsPath="/mine/transactionRecords"
          onNew={() => send({ type: 'NEW' })}
        />
        {records}
      </>
    )
  }
  return (
    <>
      <WithdrawRulesList rules={setup.rules} />
      <WithdrawForm
        currency={currency}
        setup={setup}
        confirming={state.hasTag('confirm')}
        busy={state.hasTag('busy')}
        error={error}
        send={send}
      />
      {records}
    </>
  )
}
