import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import ErrorIcon from '@mui/icons-material/Error'
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked'
import CircularProgress from '@mui/material/CircularProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import { memo } from 'react'
import { FormattedMessage } from 'react-intl'
import type { StepStatus } from './start-steps'
import type { StartStep } from './start.machine'

const LABELS: Record<StartStep, string> = {
  starting: 'login.start.step.starting',
  checkingVersion: 'login.start.step.checkingVersion',
  fetchingQuotes: 'login.start.step.fetchingQuotes',
  connectingHost: 'login.start.step.connectingHost',
  fetchingConfig: 'login.start.step.fetchingConfig',
  complete: 'login.start.step.complete',
}

const ICONS: Record<StepStatus, React.ReactNode> = {
  done: <CheckCircleIcon color="success" />,
  // Drawn, not read, like the other icons: the list is live and each step's text is read.
  running: <CircularProgress size={22} aria-hidden />,
  failed: <ErrorIcon color="error" />,
  pending: <RadioButtonUncheckedIcon color="disabled" />,
}

/** The six start steps with where each stands; the failed one is marked for tests and eyes. */
export function StartStepList({ steps }: { steps: { step: StartStep; status: StepStatus }[] }) {
  return (
    <List data-testid="start-steps" aria-live="polite">
      {steps.map(({ step, status }) => (
        <StartStepRow key={step} step={step} status={status} />
      ))}
    </List>
  )
}

/**
 * One step's row. Memoised: a step change moves two rows (one done, the next running), so the
 * other four keep their last render instead of redoing a dozen styled components each.
 */
const StartStepRow = memo(function StartStepRow({
  step,
  status,
}: {
  step: StartStep
  status: StepStatus
}) {
  return (
    <ListItem
      data-testid={status === 'failed' ? 'start-failed' : `start-step-${step}`}
      data-status={status}
      sx={{ py: 0.75 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[status]}</ListItemIcon>
      <ListItemText
        primary={<FormattedMessage id={LABELS[step]} />}
        slotProps={{
          primary: {
            // Waiting steps in the secondary grey: the disabled one (2.6:1) is too faint to read.
            color:
              status === 'pending'
                ? 'text.secondary'
                : status === 'failed'
                  ? 'error'
                  : 'text.primary',
            sx: { fontWeight: status === 'running' || status === 'failed' ? 600 : 400 },
          },
        }}
      />
    </ListItem>
  )
})
