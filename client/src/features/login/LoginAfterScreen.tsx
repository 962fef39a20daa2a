import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { Navigate, useNavigate } from 'react-router-dom'
import { sessionActor } from '../../state/session-actor'
import { Loading } from '../../ui/Loading'
import { Alert } from '../../ui/plain/Alert'
import { Button } from '../../ui/plain/Button'
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
        <div className="k-stack" style={{ gap: 16 }}>
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
        </div>
      ) : (
        <div className="k-stack" style={{ alignItems: 'center' }}>
          <Loading />
          <p className="k-text-2" style={{ margin: 0 }}>
            <FormattedMessage id="login.after.loading" />
          </p>
        </div>
      )}
    </AuthFrame>
  )
}
