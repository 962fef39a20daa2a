import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { GuardDialog } from './GuardDialog'
import { useSecondFactor } from './use-second-factor'

/**
 * /mine/security: the user's passkeys and authenticator app. Once either is on, withdrawals and
 * bank-card changes need it beside the fund password; a passkey also logs in without a password.
 */
export function SecondFactorScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.secondFactor.title" />} />
      <Security />
    </RequireSession>
  )
}

function Security() {
  const intl = useIntl()
  const s = useSecondFactor((n) =>
    intl.formatMessage({ id: 'mine.secondFactor.passkey.defaultName' }, { n }),
  )
  const { factors, pending } = s
  if (!factors) return <Loading />
  const titleId = pending ? `mine.secondFactor.${pending.kind}.title` : 'mine.secondFactor.title'

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Alert severity="info">
        <FormattedMessage id="mine.secondFactor.intro" />
      </Alert>

      <Typography variant="h6" component="h2">
        <FormattedMessage id="mine.secondFactor.passkeys" />
      </Typography>
      {factors.passkeys.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="mine.secondFactor.passkeys.none" />
        </Typography>
      ) : (
        <List dense data-testid="security-passkeys">
          {factors.passkeys.map((p) => (
            <ListItem
              key={p.id}
              secondaryAction={
                <Button color="error" onClick={() => s.ask({ kind: 'removePasskey', id: p.id })}>
                  <FormattedMessage id="mine.secondFactor.passkeys.remove" />
                </Button>
              }
            >
              <ListItemText
                primary={p.name}
                secondary={
                  <FormattedMessage
                    id="mine.secondFactor.passkeys.added"
                    values={{ date: <FormattedDate value={p.created} dateStyle="medium" /> }}
                  />
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {s.supported ? (
        <Button
          variant="contained"
          onClick={() => s.ask({ kind: 'addPasskey' })}
          data-testid="security-add-passkey"
        >
          <FormattedMessage id="mine.secondFactor.passkeys.add" />
        </Button>
      ) : (
        <Alert severity="warning">
          <FormattedMessage id="mine.secondFactor.passkeys.unsupported" />
        </Alert>
      )}

      <Typography variant="h6" component="h2">
        <FormattedMessage id="mine.secondFactor.totp" />
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="security-totp-state">
        <FormattedMessage
          id={factors.totp ? 'mine.secondFactor.totp.on' : 'mine.secondFactor.totp.off'}
        />
      </Typography>
      {factors.totp ? (
        <Button variant="outlined" color="error" onClick={() => s.ask({ kind: 'disableTotp' })}>
          <FormattedMessage id="mine.secondFactor.totp.disable" />
        </Button>
      ) : (
        <Button variant="outlined" onClick={s.startTotp} data-testid="security-setup-totp">
          <FormattedMessage id="mine.secondFactor.totp.setup" />
        </Button>
      )}

      <GuardDialog
        key={pending ? JSON.stringify(pending) : 'none'}
        open={pending !== null}
        titleId={titleId}
        factors={factors}
        newCode={pending?.kind === 'enableTotp'}
        busy={s.busy}
        error={s.error}
        onConfirm={(guard) => void s.run(guard)}
        onCancel={() => s.ask(null)}
      >
        {pending?.kind === 'enableTotp' && (
          <>
            <Typography variant="body2">
              <FormattedMessage id="mine.secondFactor.totp.instructions" />
            </Typography>
            <Typography
              variant="body1"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              data-testid="security-totp-secret"
            >
              {pending.setup.secret}
            </Typography>
            <Button href={pending.setup.uri} size="small">
              <FormattedMessage id="mine.secondFactor.totp.openApp" />
            </Button>
          </>
        )}
      </GuardDialog>
    </Stack>
  )
}
