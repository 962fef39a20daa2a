import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { appConfig } from '../../state/app-config'
import { useSubmit } from '../../ui/form/useSubmit'
import { Button } from '../../ui/plain/Button'
import { demoLoginOf, ensureAppConfig, type DemoLogin } from './demo-login'

/**
 * In the demo, the login screen offers its account: the credentials in plain sight (the start
 * banner prints the same) and a button that logs in with them. Outside the demo it renders nothing.
 */
export function DemoLoginOffer({ onUse }: { onUse: (demo: DemoLogin) => Promise<void> }) {
  useEffect(ensureAppConfig, [])
  const demo = demoLoginOf(useSnapshot(appConfig).values)
  const { submitting, submit } = useSubmit(() => (demo ? onUse(demo) : Promise.resolve()))
  if (!demo) return null
  return (
    <div data-testid="demo-login" className="k-box">
      {/* One line each, as a person copies them (and no one block of text that would outweigh the
          brand as the screen's largest paint). */}
      <div className="k-body2" style={{ marginBottom: 8, overflowWrap: 'anywhere' }}>
        <p>
          <FormattedMessage id="login.demo.account" values={{ account: demo.account }} />
        </p>
        <p>
          <FormattedMessage id="login.demo.password" values={{ password: demo.password }} />
        </p>
        {demo.fundPassword && (
          <p>
            <FormattedMessage
              id="login.demo.fundPassword"
              values={{ password: demo.fundPassword }}
            />
          </p>
        )}
      </div>
      <Button
        fullWidth
        variant="outlined"
        disabled={submitting}
        onClick={submit}
        data-testid="demo-login-use"
      >
        <FormattedMessage id="login.demo.use" />
      </Button>
    </div>
  )
}
