import type { MarketType } from '@kabu/shared/market/types'
import Alert from '@mui/material/Alert'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Header } from '../../ui/Header'
import { RequireSession } from '../../ui/RequireSession'
import { LoadProblem } from './LoadProblem'
import { LoanHistory } from './LoanHistory'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { RepayDialog } from './RepayDialog'
import { useLoan } from './use-loan'

/** /mine/loanOrder: the wallet's loans with their statuses; the owed one is repaid from here. */
export function LoanOrderScreen() {
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.loan.records" />} />
      <MarketTypeTabs of="wallet" testIdPrefix="loan-market-" value={type} onChange={setType} />
      <LoanOrders key={type} type={type} />
    </RequireSession>
  )
}

function LoanOrders({ type }: { type: MarketType }) {
  const [state, send] = useLoan(type)
  const { snapshot, error, loanId } = state.context
  if (!snapshot || state.matches('loadFailed')) {
    return <LoadProblem failed={state.matches('loadFailed')} error={error} send={send} />
  }
  const owed = snapshot.loans.find((l) => l.id === loanId && l.status === 1)
  return (
    <>
      {state.matches('repaid') && (
        <Alert severity="success" sx={{ m: 2 }} data-testid="loan-repaid">
          <FormattedMessage id="mine.loan.stage.repaid" />
        </Alert>
      )}
      <LoanHistory
        loans={snapshot.loans}
        onRepay={state.matches('approved') ? () => send({ type: 'REPAY' }) : undefined}
      />
      {owed && (
        <RepayDialog
          open={state.hasTag('confirm')}
          busy={state.hasTag('busy')}
          error={error}
          currency={owed.currency}
          principal={owed.money}
          interest={owed.interest}
          owed={owed.owed}
          send={send}
        />
      )}
    </>
  )
}
