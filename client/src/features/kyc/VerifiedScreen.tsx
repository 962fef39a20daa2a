import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useCallback } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { type KycContext } from './kyc.machine'
import { KycFormView } from './KycFormView'
import { useKycResult } from './use-kyc-result'
import { liveKycMachine } from './kyc.live'

/** /mine/verified: the identity form, or where the user's request stands. */
export function VerifiedScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.kyc.title" />} />
      <KycFlow />
    </RequireSession>
  )
}

function KycFlow() {
  const [state, send] = useMachine(liveKycMachine)
  const { info, error } = state.context
  const refresh = useCallback(() => send({ type: 'REFRESH' }), [send])
  useKycResult(state.matches('reviewing'), refresh)

  if (state.matches('loading')) return <Loading />
  if (state.matches('loadFailed')) {
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage(error ?? 'network_error')}</Alert>
        <Button variant="outlined" onClick={() => send({ type: 'RETRY' })} data-testid="kyc-retry">
          <FormattedMessage id="common.retry" />
        </Button>
      </Stack>
    )
  }
  if (state.matches('unverified')) {
    return (
      <KycFormView
        submitting={state.matches({ unverified: 'submitting' })}
        error={error}
        onSubmit={(submission) => send({ type: 'SUBMIT', submission })}
      />
    )
  }
  const status = state.matches('verified')
    ? 'verified'
    : state.matches('failed')
      ? 'failed'
      : 'reviewing'
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <StatusCard status={status} info={info} />
      {status === 'failed' && (
        <Button
          variant="contained"
          onClick={() => send({ type: 'RESUBMIT' })}
          data-testid="kyc-resubmit"
        >
          <FormattedMessage id="mine.kyc.resubmit" />
        </Button>
      )}
      {status === 'reviewing' && (
        <Button
          variant="outlined"
          onClick={() => send({ type: 'REFRESH' })}
          data-testid="kyc-refresh"
        >
          <FormattedMessage id="mine.kyc.refresh" />
        </Button>
      )}
    </Stack>
  )
}

const SEVERITY = { reviewing: 'info', verified: 'success', failed: 'error' } as const

function StatusCard({
  status,
  info,
}: {
  status: 'reviewing' | 'verified' | 'failed'
  info: KycContext['info']
}) {
  const intl = useIntl()
  const reasonId = `mine.kyc.reason.${info?.reason ?? ''}`
  const reason = info?.reason
    ? intl.messages[reasonId]
      ? intl.formatMessage({ id: reasonId })
      : info.reason
    : ''
  return (
    <Card variant="outlined" data-testid="kyc-status" data-status={status}>
      <CardContent>
        <Stack spacing={1.5}>
          <Alert severity={SEVERITY[status]}>
            <FormattedMessage id={`mine.kyc.status.${status}`} />
          </Alert>
          {info?.name && <Row labelId="mine.kyc.name" value={info.name} />}
          {info?.doctype && (
            <Row
              labelId="mine.kyc.doctype"
              value={intl.formatMessage({ id: `mine.kyc.doctype.${info.doctype}` })}
            />
          )}
          {info?.idnumber_masked && (
            <Row labelId="mine.kyc.idnumber" value={info.idnumber_masked} />
          )}
          {status === 'failed' && reason && <Row labelId="mine.kyc.reason" value={reason} />}
        </Stack>
      </CardContent>
    </Card>
  )
}

function Row({ labelId, value }: { labelId: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id={labelId} />
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  )
}
