import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { BankAddFormView } from './BankAddFormView'
import { usePrerequisites } from './use-prerequisites'

/** Where identity stands when it is not verified: under review, or refused (send it again). */
const IDENTITY_MESSAGE: Partial<Record<number, string>> = {
  1: 'server.realname_reviewing',
  3: 'server.realname_not_passed',
}

/** /mine/bankAdd: bind a bank card, once identity is verified and a fund password is set. */
export function BankAddScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.bank.add" />} />
      <Gate />
    </RequireSession>
  )
}

function Gate() {
  const { state, retry } = usePrerequisites()
  if (state.kind === 'loading') return <Loading />
  if (state.kind === 'failed') {
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">
          <FormattedMessage id="mine.bank.prerequisites.failed" />
        </Alert>
        <Button variant="outlined" onClick={retry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Stack>
    )
  }
  if (state.identity !== 2) {
    return (
      <Missing
        messageId={IDENTITY_MESSAGE[state.identity] ?? 'server.realname_required'}
        to="/mine/verified"
        actionId="mine.bank.goVerify"
      />
    )
  }
  if (!state.fundPasswordSet) {
    return (
      <Missing
        messageId="server.fund_password_not_set"
        to="/mine/fundPassword"
        actionId="mine.bank.goFundPassword"
      />
    )
  }
  return <BankAddFormView />
}

function Missing({ messageId, to, actionId }: { messageId: string; to: string; actionId: string }) {
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Alert severity="warning">
        <FormattedMessage id={messageId} />
      </Alert>
      <Button component={RouterLink} to={to} variant="contained">
        <FormattedMessage id={actionId} />
      </Button>
    </Stack>
  )
}
