import type { MarketType } from '@kabu/shared/market/types'
import { useState } from 'react'
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined'
import IconButton from '@mui/material/IconButton'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { Header } from '../../ui/Header'
import { RequireSession } from '../../ui/RequireSession'
import { CreditSummary } from './CreditSummary'
import { FormulaExplained } from './FormulaExplained'
import { LoadProblem } from './LoadProblem'
import { LoanForm } from './LoanForm'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { LoanOutcome, type LoanStage } from './LoanOutcome'
import { useLoan } from './use-loan'

/**
 * /mine/loan: credit score, limit, what is owed and the daily rate, the formula behind them, then
 * the application (amount, confirmation) or where the open loan stands.
 */
export function LoanScreen() {
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.loan.title" />} right={<RecordsLink />} />
      <MarketTypeTabs of="wallet" testIdPrefix="loan-market-" value={type} onChange={setType} />
      <Loan key={type} type={type} />
    </RequireSession>
  )
}

function RecordsLink() {
  const intl = useIntl()
  return (
    <IconButton
      component={RouterLink}
      to="/mine/loanOrder"
      aria-label={intl.formatMessage({ id: 'mine.loan.records' })}
      data-testid="loan-history-link"
    >
      <ReceiptLongOutlinedIcon />
    </IconButton>
  )
}

function Loan({ type }: { type: MarketType }) {
  const [state, send] = useLoan(type)
  const { snapshot, error, reason } = state.context
  if (!snapshot || state.matches('loadFailed')) {
    return <LoadProblem failed={state.matches('loadFailed')} error={error} send={send} />
  }
  const stage = (['pendingReview', 'approved', 'rejected', 'repaid'] as const).find((s) =>
    state.matches(s),
  )
  return (
    <>
      <CreditSummary info={snapshot.info} />
      <FormulaExplained info={snapshot.info} />
      {stage || state.hasTag('loan') ? (
        <LoanOutcome
          stage={(stage ?? 'approved') as LoanStage}
          reason={reason}
          onNew={() => send({ type: 'NEW' })}
        />
      ) : (
        <LoanForm
          info={snapshot.info}
          confirming={state.hasTag('confirm')}
          busy={state.hasTag('busy')}
          error={error}
          send={send}
        />
      )}
    </>
  )
}
