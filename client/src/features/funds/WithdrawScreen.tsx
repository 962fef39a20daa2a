import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { assign, fromPromise } from 'xstate'
import type { SecondFactors } from '@kabu/shared/api/second-factor'
import { fetchSecondFactors, secondFactorFields } from '../../api/second-factor'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { fetchCards, fetchWithdrawals, fetchWithdrawRules, withdraw } from './funds.api'
import { newIdem, watchReviewActor } from './live-actors'
import { MarketFundsScreen } from './MarketFundsScreen'
import { RequestOutcome } from './RequestOutcome'
import { withdrawMachine, type WithdrawSetup } from './withdraw.machine'
import { WithdrawalRecords } from './WithdrawalRecords'
import { WithdrawForm } from './WithdrawForm'
import { WithdrawRulesList } from './WithdrawRulesList'

function liveWithdrawMachine(type: MarketType) {
  // The factors loaded with the form decide how the submit proves the second factor.
  let factors: SecondFactors | null = null
  return withdrawMachine.provide({
    actors: {
      loadSetup: fromPromise<WithdrawSetup>(async () => {
        const [rules, cards, enrolled] = await Promise.all([
          fetchWithdrawRules(type),
          fetchCards(),
          fetchSecondFactors(),
        ])
        factors = enrolled
        return { rules, cards, factors }
      }),
      submit: fromPromise(async ({ input: { totp, ...draft } }) =>
        withdraw({ type, ...draft, ...(await secondFactorFields(factors, totp)) }),
      ),
      watchReview: watchReviewActor('withdraw', async (id) =>
        (await fetchWithdrawals(type)).find((r) => r.id === id),
      ),
    },
    actions: { newIdem: assign({ idem: () => newIdem() }) },
  })
}

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
  const { setup, error, reason, requestId } = state.context
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
