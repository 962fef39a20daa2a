import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { appConfig } from '../../state/app-config'
import { useSubmit } from '../../ui/form/useSubmit'
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
    <Box
      data-testid="demo-login"
      sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {/* One line each, as a person copies them (and no one block of text that would outweigh the
          brand as the screen's largest paint). */}
      <Box sx={{ mb: 1, typography: 'body2', overflowWrap: 'anywhere', '& p': { m: 0 } }}>
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
      </Box>
      <Button
        fullWidth
        variant="outlined"
        disabled={submitting}
        onClick={submit}
        data-testid="demo-login-use"
      >
        <FormattedMessage id="login.demo.use" />
      </Button>
    </Box>
  )
}
