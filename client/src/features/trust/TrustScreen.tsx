import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { FormattedMessage } from 'react-intl'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { FiguresCards } from './FiguresCard'
import { FreezeCard } from './FreezeCard'
import { FreezeDialog } from './FreezeDialog'
import { RefusalRules } from './RefusalRules'
import { liveTrustMachine } from './trust.live'

/**
 * /mine/trust: what the broker holds and owes, how fast it pays, every rule that can refuse a
 * withdrawal, the user's own freeze, and the ledger export.
 */
export function TrustScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.trust.title" />} />
      <Panel />
    </RequireSession>
  )
}

function Panel() {
  const [state, send] = useMachine(liveTrustMachine)
  const { panel, pending, failure } = state.context
  if (state.hasTag('loading')) return <Loading />
  if (state.matches('failed') || !panel) {
    return <LoadFailed error={failure} onRetry={() => send({ type: 'RETRY' })} />
  }
  const exporting = state.hasTag('exporting')
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="trust-panel">
      <FiguresCards panel={panel} />
      <RefusalRules rules={panel.refusal_rules} />
      <FreezeCard
        state={panel.self_freeze}
        onFreeze={(what) => send({ type: 'FREEZE', what })}
        onLift={(what) => send({ type: 'UNFREEZE', what })}
      />
      <Stack spacing={1}>
        <Button
          variant="outlined"
          startIcon={
            exporting ? (
              <CircularProgress size={16} color="inherit" />
            ) : (
              <FileDownloadOutlinedIcon />
            )
          }
          disabled={exporting}
          onClick={() => send({ type: 'EXPORT' })}
          data-testid="trust-export"
        >
          <FormattedMessage id="mine.trust.export.button" />
        </Button>
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="mine.trust.export.hint" />
        </Typography>
      </Stack>
      <FreezeDialog
        pending={state.hasTag('dialog') ? pending : null}
        coolingHours={panel.self_freeze.cooling_hours}
        busy={state.hasTag('busy')}
        error={state.hasTag('dialog') ? failure : null}
        onConfirm={(fundPassword, totp) => send({ type: 'CONFIRM', fundPassword, totp })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </Stack>
  )
}
