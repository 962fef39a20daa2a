import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { Loading } from '../../ui/Loading'
import type { LoanEvent } from './loan.machine'

/** Loading, or the refusal of the load with a retry. */
export function LoadProblem(props: {
  failed: boolean
  error: string | null
  send: (event: LoanEvent) => void
}) {
  if (!props.failed) return <Loading />
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Alert severity="error">{translateServerMessage(props.error ?? 'network_error')}</Alert>
      <Button onClick={() => props.send({ type: 'RETRY' })} data-testid="loan-retry">
        <FormattedMessage id="common.retry" />
      </Button>
    </Stack>
  )
}
