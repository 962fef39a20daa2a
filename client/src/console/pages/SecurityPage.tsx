import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSnapshot } from 'valtio'
import type { TotpSetup } from '@kabu/shared/api/second-factor'
import { CeremonyCancelled } from '../../api/webauthn'
import { consoleSession, logOut } from '../api'
import {
  addPasskey,
  disableTotp,
  enableTotp,
  fetchFactors,
  removePasskey,
  setUpTotp,
  type Guard,
} from '../security.api'
import { refusalText } from '../ui/errors'
import { FactorDialog } from '../ui/FactorDialog'
import { useNotice } from '../ui/Notice'
import { useLoad } from '../use-load'

type Change =
  | { kind: 'addPasskey' }
  | { kind: 'removePasskey'; id: number }
  | { kind: 'enableTotp'; setup: TotpSetup }
  | { kind: 'disableTotp' }

const TITLES: Record<Change['kind'], string> = {
  addPasskey: 'console.security.addPasskey',
  removePasskey: 'console.security.removePasskey',
  enableTotp: 'console.security.enableTotp',
  disableTotp: 'console.security.disableTotp',
}

/**
 * "My security": the operator's own passkeys and authenticator app. Each change asks the password
 * again and the factor already held. While OPS_REQUIRE_SECOND_FACTOR holds this session back, it
 * says so, and once a factor is enrolled offers to log in again with it.
 */
export default function SecurityPage() {
  const intl = useIntl()
  const { me } = useSnapshot(consoleSession)
  const factors = useLoad('factors', fetchFactors)
  const notice = useNotice()
  const [change, setChange] = useState<Change>()
  const [name, setName] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const held = factors.data
  const holdsAny = held !== undefined && (held.passkeys.length > 0 || held.totp)

  const open = (next: Change) => {
    setChange(next)
    setName('')
    setCode('')
    setError(undefined)
  }
  const startTotp = () =>
    setUpTotp().then(
      (setup) => open({ kind: 'enableTotp', setup }),
      (e: unknown) => notice.show(refusalText(intl, e), 'error'),
    )

  const confirm = async (guard: Guard) => {
    if (!held || !change) return
    setBusy(true)
    setError(undefined)
    try {
      if (change.kind === 'addPasskey') await addPasskey(held, guard, name.trim())
      if (change.kind === 'removePasskey') await removePasskey(held, guard, change.id)
      if (change.kind === 'enableTotp') await enableTotp(held, guard, code.trim())
      if (change.kind === 'disableTotp') await disableTotp(held, guard)
      setChange(undefined)
      notice.show(intl.formatMessage({ id: 'console.security.saved' }), 'success')
      factors.reload()
    } catch (e: unknown) {
      setError(
        e instanceof CeremonyCancelled
          ? intl.formatMessage({ id: 'console.login.passkeyCancelled' })
          : refusalText(intl, e),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Typography component="h2" variant="h6">
        <FormattedMessage id="console.nav.security" />
      </Typography>
      {me?.second_factor_needed && (
        <Alert
          severity="warning"
          data-testid="console-security-required"
          action={
            holdsAny ? (
              <Button color="inherit" onClick={() => void logOut()}>
                <FormattedMessage id="console.security.loginAgain" />
              </Button>
            ) : undefined
          }
        >
          <FormattedMessage
            id={holdsAny ? 'console.security.requiredDone' : 'console.security.required'}
          />
        </Alert>
      )}
      {factors.error && <Alert severity="error">{factors.error}</Alert>}
      {held && (
        <>
          <Paper sx={{ p: 2, display: 'grid', gap: 1 }}>
            <Typography component="h3" variant="subtitle1">
              <FormattedMessage id="console.security.passkeys" />
            </Typography>
            {held.passkeys.length === 0 ? (
              <Typography color="text.secondary">
                <FormattedMessage id="console.security.noPasskeys" />
              </Typography>
            ) : (
              <List dense data-testid="console-passkeys">
                {held.passkeys.map((p) => (
                  <ListItem
                    key={p.id}
                    secondaryAction={
                      <Button
                        size="small"
                        onClick={() => open({ kind: 'removePasskey', id: p.id })}
                      >
                        <FormattedMessage id="console.security.remove" />
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={p.name}
                      secondary={new Date(p.created).toLocaleString(intl.locale)}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Button
              variant="outlined"
              data-testid="console-add-passkey"
              onClick={() => open({ kind: 'addPasskey' })}
            >
              <FormattedMessage id="console.security.addPasskey" />
            </Button>
          </Paper>
          <Paper sx={{ p: 2, display: 'grid', gap: 1 }}>
            <Typography component="h3" variant="subtitle1">
              <FormattedMessage id="console.security.totp" />
            </Typography>
            <Typography color="text.secondary" data-testid="console-totp-state">
              <FormattedMessage
                id={held.totp ? 'console.security.totpOn' : 'console.security.totpOff'}
              />
            </Typography>
            {held.totp ? (
              <Button variant="outlined" onClick={() => open({ kind: 'disableTotp' })}>
                <FormattedMessage id="console.security.disableTotp" />
              </Button>
            ) : (
              <Button
                variant="outlined"
                data-testid="console-setup-totp"
                onClick={() => void startTotp()}
              >
                <FormattedMessage id="console.security.enableTotp" />
              </Button>
            )}
          </Paper>
        </>
      )}
      {change && held && (
        <FactorDialog
          titleId={TITLES[change.kind]}
          holdsTotp={held.totp}
          holdsPasskey={held.passkeys.length > 0}
          busy={busy}
          error={error}
          ready={change.kind !== 'enableTotp' || /^\d{6}$/.test(code.trim())}
          onConfirm={(guard) => void confirm(guard)}
          onCancel={() => setChange(undefined)}
        >
          {change.kind === 'addPasskey' && (
            <TextField
              label={intl.formatMessage({ id: 'console.security.passkeyName' })}
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
          )}
          {change.kind === 'enableTotp' && (
            <>
              <Typography variant="body2">
                <FormattedMessage id="console.security.totpScan" />
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                <FormattedMessage id="console.security.totpSecret" />{' '}
                <span data-testid="console-totp-secret">{change.setup.secret}</span>
              </Typography>
              <Typography
                component="a"
                href={change.setup.uri}
                variant="body2"
                data-testid="console-totp-uri"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              >
                {change.setup.uri}
              </Typography>
              <TextField
                label={intl.formatMessage({ id: 'console.security.newCode' })}
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </>
          )}
        </FactorDialog>
      )}
      {notice.element}
    </Box>
  )
}
