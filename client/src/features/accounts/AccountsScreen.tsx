import Stack from '@mui/material/Stack'
import { useMachine } from '@xstate/react'
import { FormattedMessage } from 'react-intl'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { liveAccountsMachine } from './accounts.live'
import { FundPasswordDialog } from './FundPasswordDialog'
import { NisaCard } from './NisaCard'
import { TaxableCard } from './TaxableCard'

/** /mine/accounts (口座, issue 36): the taxable account's kind and the NISA account. */
export function AccountsScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.accounts.title" />} />
      <Accounts />
    </RequireSession>
  )
}

function Accounts() {
  const [state, send] = useMachine(liveAccountsMachine)
  const { accounts, kind, error } = state.context
  if (state.matches('loading') && !accounts) return <Loading />
  if (!accounts) return <LoadFailed error={error} onRetry={() => send({ type: 'RETRY' })} />
  const busy = state.hasTag('busy')
  const confirm = (fundPassword: string) => send({ type: 'CONFIRM', fundPassword })
  const cancel = () => send({ type: 'CANCEL' })
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="accounts">
      <TaxableCard
        kind={kind ?? accounts.tax_account}
        locked={accounts.tax_account_locked}
        onChoose={(to) => send({ type: 'CHOOSE', kind: to })}
      />
      <NisaCard nisa={accounts.nisa} onOpen={() => send({ type: 'OPEN_NISA' })} />
      <FundPasswordDialog
        open={state.hasTag('nisa')}
        busy={busy}
        error={error}
        titleId="mine.accounts.nisa.confirmTitle"
        testId="nisa-open"
        onConfirm={confirm}
        onCancel={cancel}
      >
        <FormattedMessage id="mine.accounts.nisa.confirmText" />
      </FundPasswordDialog>
      <FundPasswordDialog
        open={state.hasTag('kind')}
        busy={busy}
        error={error}
        titleId="mine.accounts.taxable.confirmTitle"
        testId="tax-kind"
        onConfirm={confirm}
        onCancel={cancel}
      >
        <FormattedMessage
          id="mine.accounts.taxable.confirmText"
          values={{
            kind: <FormattedMessage id={`mine.accounts.kind.${kind ?? accounts.tax_account}`} />,
          }}
        />
      </FundPasswordDialog>
    </Stack>
  )
}
