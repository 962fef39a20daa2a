import { CLIENT_VERSION } from '@kabu/shared/api/common'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { memo, useEffect } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { AuthFrame } from './AuthFrame'
import { StartFailureText } from './StartFailureText'
import { StartStepList } from './StartStepList'
import { stepStatuses } from './start-steps'
import { liveStartMachine } from './start.actors'

/** /login/start: runs the six start steps, shows progress and which step failed, with a retry. */
export function StartScreen() {
  const intl = useIntl()
  const [state, send] = useMachine(liveStartMachine)
  const navigate = useNavigate()
  const steps = stepStatuses(state.value, state.context)
  const done = steps.filter((s) => s.status === 'done').length
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
      <LinearProgress
        aria-label={intl.formatMessage({ id: 'login.start.progress' })}
        variant="determinate"
        value={(done / steps.length) * 100}
        color={state.hasTag('failed') ? 'error' : 'primary'}
        sx={{ borderRadius: 2, height: 6 }}
      />
      <StartStepList steps={steps} />
      {state.hasTag('failed') && (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
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
    <Box sx={{ textAlign: 'center', mt: 3 }}>
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="login.start.version" values={{ version: CLIENT_VERSION }} />
      </Typography>
    </Box>
  )
})
