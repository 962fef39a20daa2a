import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { Navigate, useNavigate } from 'react-router-dom'
import { sessionActor } from '../../state/session-actor'
import { Loading } from '../../ui/Loading'
import { AuthFrame } from './AuthFrame'

/**
 * /login/loginAfter: the session has just started; its userinfo loads here before going home. A
 * refused userinfo ends the session (the session machine sends the user back to login).
 */
export function LoginAfterScreen() {
  const navigate = useNavigate()
  const ready = useSelector(sessionActor, (s) => s.matches({ loggedIn: 'ready' }))
  const unavailable = useSelector(sessionActor, (s) => s.hasTag('userinfoUnavailable'))
  const anonymous = useSelector(sessionActor, (s) => s.hasTag('anonymous'))

  useEffect(() => {
    if (ready) navigate('/home/home', { replace: true })
  }, [ready, navigate])

  if (anonymous) return <Navigate to="/login/login" replace />
  return (
    <AuthFrame>
      {unavailable ? (
        <Stack spacing={2}>
          <Alert severity="warning">
            <FormattedMessage id="login.after.unavailable" />
          </Alert>
          <Button
            variant="contained"
            size="large"
            onClick={() => sessionActor.send({ type: 'REFRESH' })}
          >
            <FormattedMessage id="common.retry" />
          </Button>
          <Button size="large" onClick={() => navigate('/home/home', { replace: true })}>
            <FormattedMessage id="login.after.continue" />
          </Button>
        </Stack>
      ) : (
        <Stack sx={{ alignItems: 'center' }}>
          <Loading />
          <Typography color="text.secondary">
            <FormattedMessage id="login.after.loading" />
          </Typography>
        </Stack>
      )}
    </AuthFrame>
  )
}
