import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
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
      <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        <FormattedMessage
          id="login.demo.credentials"
          values={{ account: demo.account, password: demo.password }}
        />
        {demo.fundPassword && (
          <>
            <br />
            <FormattedMessage
              id="login.demo.fundPassword"
              values={{ password: demo.fundPassword }}
            />
          </>
        )}
      </Typography>
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
