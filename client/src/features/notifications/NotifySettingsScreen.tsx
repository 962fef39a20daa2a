import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { NOTIFY_CHANNELS, type NotifySettings } from '@kabu/shared/api/notifications'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import type { NotifySettingsEvent } from './notify-settings.machine'
import { liveNotifySettingsMachine } from './notify-settings.live'
import type { DeviceState } from './push-device'

/**
 * /mine/notifySettings: each kind's switches for the app and for push, the quiet hours (Tokyo time,
 * push only), and this device's push subscription: the browser's permission is asked only when the
 * user taps, and a refusal or a browser without push is said as such.
 */
export function NotifySettingsScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.panel.notifySettings" />} />
      <Settings />
    </RequireSession>
  )
}

function Settings() {
  const [state, send] = useMachine(liveNotifySettingsMachine)
  const { settings, device, failure } = state.context
  if (state.hasTag('loading')) return <Loading />
  if (!settings) return <LoadFailed error={failure} onRetry={() => send({ type: 'RETRY' })} />
  const busy = state.hasTag('busy')
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {failure && (
        <Alert severity="error" data-testid="notify-failure">
          {translateServerMessage(failure)}
        </Alert>
      )}
      <DeviceCard device={device} busy={busy} send={send} />
      <Switches settings={settings} busy={busy} send={send} />
      <QuietHours key={settings.quiet} quiet={settings.quiet} busy={busy} send={send} />
    </Stack>
  )
}

type Send = (event: NotifySettingsEvent) => void

function DeviceCard({ device, busy, send }: { device: DeviceState; busy: boolean; send: Send }) {
  return (
    <Stack spacing={1} data-testid="notify-device" data-state={device}>
      <Typography variant="subtitle2" component="h2">
        <FormattedMessage id="mine.notifications.device" />
      </Typography>
      <Alert severity={device === 'subscribed' ? 'success' : 'info'}>
        <FormattedMessage id={`mine.notifications.device.${device}`} />
      </Alert>
      {device === 'unsubscribed' && (
        <Button
          variant="contained"
          data-testid="notify-subscribe"
          disabled={busy}
          onClick={() => send({ type: 'SUBSCRIBE' })}
        >
          <FormattedMessage id="mine.notifications.subscribe" />
        </Button>
      )}
      {device === 'subscribed' && (
        <Button
          variant="outlined"
          data-testid="notify-unsubscribe"
          disabled={busy}
          onClick={() => send({ type: 'UNSUBSCRIBE' })}
        >
          <FormattedMessage id="mine.notifications.unsubscribe" />
        </Button>
      )}
    </Stack>
  )
}

function Switches({
  settings,
  busy,
  send,
}: {
  settings: NotifySettings
  busy: boolean
  send: Send
}) {
  const intl = useIntl()
  return (
    <Stack component="section" data-testid="notify-switches">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          <FormattedMessage id="mine.notifications.kinds" />
        </Typography>
        {NOTIFY_CHANNELS.map((channel) => (
          <Typography key={channel} variant="caption" sx={{ width: 64, textAlign: 'center' }}>
            <FormattedMessage id={`mine.notifications.channel.${channel}`} />
          </Typography>
        ))}
      </Stack>
      {settings.settings.map((row) => (
        <Stack key={row.kind} direction="row" sx={{ alignItems: 'center', minHeight: 48 }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            <FormattedMessage id={`mine.notifications.kind.${row.kind}`} />
          </Typography>
          {NOTIFY_CHANNELS.map((channel) => (
            <Stack key={channel} sx={{ width: 64, alignItems: 'center' }}>
              <Switch
                checked={row[channel]}
                disabled={busy}
                slotProps={{
                  input: {
                    'aria-label': `${intl.formatMessage({ id: `mine.notifications.kind.${row.kind}` })} ${intl.formatMessage({ id: `mine.notifications.channel.${channel}` })}`,
                    // @ts-expect-error data attributes pass through to the input
                    'data-testid': `notify-${row.kind}-${channel}`,
                  },
                }}
                onChange={(_, on) => send({ type: 'TOGGLE', kind: row.kind, channel, on })}
              />
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  )
}

function QuietHours({ quiet, busy, send }: { quiet: string; busy: boolean; send: Send }) {
  const [from, setFrom] = useState(quiet.slice(0, 5) || '22:00')
  const [to, setTo] = useState(quiet.slice(6) || '07:00')
  return (
    <Stack component="section" spacing={1} data-testid="notify-quiet">
      <Typography variant="subtitle2" component="h2">
        <FormattedMessage id="mine.notifications.quiet" />
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="notify-quiet-now">
        {quiet ? (
          <FormattedMessage id="mine.notifications.quiet.on" values={{ window: quiet }} />
        ) : (
          <FormattedMessage id="mine.notifications.quiet.off" />
        )}
      </Typography>
      <Stack direction="row" spacing={1}>
        <TextField
          type="time"
          size="small"
          label={<FormattedMessage id="mine.notifications.quiet.from" />}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'notify-quiet-from' } }}
        />
        <TextField
          type="time"
          size="small"
          label={<FormattedMessage id="mine.notifications.quiet.to" />}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'notify-quiet-to' } }}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          data-testid="notify-quiet-save"
          disabled={busy || from === to || !from || !to}
          onClick={() => send({ type: 'SET_QUIET', quiet: `${from}-${to}` })}
        >
          <FormattedMessage id="mine.notifications.quiet.save" />
        </Button>
        {quiet && (
          <Button
            data-testid="notify-quiet-clear"
            disabled={busy}
            onClick={() => send({ type: 'SET_QUIET', quiet: '' })}
          >
            <FormattedMessage id="mine.notifications.quiet.clear" />
          </Button>
        )}
      </Stack>
    </Stack>
  )
}
