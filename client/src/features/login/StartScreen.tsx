import { CLIENT_VERSION } from '@kabu/shared/api/common'
import { useMachine } from '@xstate/react'
import { memo, useEffect } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { Alert } from '../../ui/plain/Alert'
import { Button } from '../../ui/plain/Button'
import { AuthFrame } from './AuthFrame'
import { StartFailureText } from './StartFailureText'
import { StartStepList } from './StartStepList'
import { stepStatuses } from './start-steps'
import { liveStartMachine } from './start.live'

/** /login/start: runs the six start steps, shows progress and which step failed, with a retry. */
export function StartScreen() {
  const intl = useIntl()
  const [state, send] = useMachine(liveStartMachine)
  const navigate = useNavigate()
  const steps = stepStatuses(state.value, state.context)
  const done = steps.filter((s) => s.status === 'done').length
  const percent = Math.round((done / steps.length) * 100)
  const failed = state.hasTag('failed')
  const destination = state.matches({ complete: 'home' })
    ? '/home/home'
    : state.matches({ complete: 'login' })
      ? '/login/login'
      : null

  useEffect(() => {
    if (destination) navigate(destination, { replace: true })
  }, [destination, navigate])

  return (
    <AuthFrame>
      <div
        className="k-progress"
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'login.start.progress' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-failed={failed ? '' : undefined}
      >
        <div style={{ width: `${percent}%` }} />
      </div>
      <StartStepList steps={steps} />
      {failed && (
        <Alert
          severity="error"
          action={
            <Button
              inherit
              size="small"
              onClick={() => send({ type: 'RETRY' })}
              data-testid="start-retry"
            >
              <FormattedMessage id="common.retry" />
            </Button>
          }
        >
          <StartFailureText context={state.context} />
        </Alert>
      )}
      <ClientVersion />
    </AuthFrame>
  )
}

/** This build's version; it never changes, so a step change does not render it again. */
const ClientVersion = memo(function ClientVersion() {
  return (
    <p className="k-caption k-text-2" style={{ textAlign: 'center', margin: '24px 0 0' }}>
      <FormattedMessage id="login.start.version" values={{ version: CLIENT_VERSION }} />
    </p>
  )
})
