import { memo } from 'react'
import { FormattedMessage } from 'react-intl'
import { Icon, type IconName } from '../../ui/plain/icons'
import { Spinner } from '../../ui/plain/Spinner'
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

// Drawn, not read: the list is live and each step's text is read. Coloured by plain.css per status.
const ICONS: Record<Exclude<StepStatus, 'running'>, IconName> = {
  done: 'checkCircle',
  failed: 'error',
  pending: 'radioUnchecked',
}

/** The six start steps with where each stands; the failed one is marked for tests and eyes. */
export function StartStepList({ steps }: { steps: { step: StartStep; status: StepStatus }[] }) {
  return (
    <ul className="k-steps" data-testid="start-steps" aria-live="polite">
      {steps.map(({ step, status }) => (
        <StartStepRow key={step} step={step} status={status} />
      ))}
    </ul>
  )
}

/** One step's row. Memoised: a step change moves two rows, the other four keep their render. */
const StartStepRow = memo(function StartStepRow({
  step,
  status,
}: {
  step: StartStep
  status: StepStatus
}) {
  return (
    <li
      data-testid={status === 'failed' ? 'start-failed' : `start-step-${step}`}
      data-status={status}
    >
      <span>{status === 'running' ? <Spinner size={22} /> : <Icon name={ICONS[status]} />}</span>
      <FormattedMessage id={LABELS[step]} />
    </li>
  )
})
