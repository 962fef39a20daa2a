import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useMachine } from '@xstate/react'
import { useMemo, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { assign, fromPromise } from 'xstate'
import { translateServerMessage } from '../../i18n/intl'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { fetchCards, fetchWithdrawals, fetchWithdrawRules, withdraw } from './funds.api'
import { newIdem, watchReviewActor } from './live-actors'
import { MarketSwitch } from './MarketSwitch'
import { RequestOutcome } from './RequestOutcome'
import { withdrawMachine } from './withdraw.machine'
import { WithdrawalRecords } from './WithdrawalRecords'
import { WithdrawForm } from './WithdrawForm'
import { WithdrawRulesList } from './WithdrawRulesList'

function liveWithdrawMachine(type: MarketType) {
  return withdrawMachine.provide({
    actors: {
      loadSetup: fromPromise(async () => {
        const [rules, cards] = await Promise.all([fetchWithdrawRules(type), fetchCards()])
        return { rules, cards }
      }),
      submit: fromPromise(({ input }) => withdraw({ type, ...input })),
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
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.funds.withdraw.title" />} />
      <MarketSwitch value={type} onChange={setType} />
      <Withdraw key={type} type={type} />
    </RequireSession>
  )
}

function Withdraw({ type }: { type: MarketType }) {
  const machine = useMemo(() => liveWithdrawMachine(type), [type])
  const [state, send] = useMachine(machine)
  const { setup, error, reason, requestId } = state.context
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]
  const records = <WithdrawalRecords type={type} version={`${String(state.value)}:${requestId}`} />

  if (state.matches('loading')) return <Loading />
  if (state.matches('loadFailed') || !setup) {
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage(error ?? 'network_error')}</Alert>
        <Button onClick={() => send({ type: 'RETRY' })}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Stack>
    )
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
