import Alert from '@mui/material/Alert'
import Badge from '@mui/material/Badge'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined'
import type { WireNotification } from '@kabu/shared/api/notifications'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { liveNotificationsMachine } from './notifications.live'
import { unreadNotifications } from './unread'
import { useNewNotifications } from './use-new-notifications'

/**
 * /mine/notifications: what happened to the user's orders, applications, margin, dividends and
 * messages, newest first; a line opens its deep link and is marked read. New ones arrive live.
 */
export function NotificationsScreen() {
  const intl = useIntl()
  const navigate = useNavigate()
  return (
    <RequireSession>
      <Header
        back
        title={<FormattedMessage id="mine.notifications.title" />}
        right={
          <IconButton
            data-testid="notifications-settings"
            aria-label={intl.formatMessage({ id: 'mine.panel.notifySettings' })}
            onClick={() => navigate('/mine/notifySettings')}
          >
            <SettingsOutlinedIcon />
          </IconButton>
        }
      />
      <Notifications />
    </RequireSession>
  )
}

function Notifications() {
  const navigate = useNavigate()
  const [state, send] = useMachine(liveNotificationsMachine)
  const { items, unread, failure, hasMore } = state.context
  const loaded = !state.hasTag('loading') && !state.matches('failed')
  // The tab's badge follows what this screen last heard from the server.
  useEffect(() => {
    if (loaded) unreadNotifications.count = unread
  }, [loaded, unread])
  // A notification arriving while the list is open: read the first page again.
  const arrived = useCallback(() => send({ type: 'ARRIVED' }), [send])
  useNewNotifications(arrived)
  if (state.hasTag('loading')) return <Loading />
  if (state.matches('failed'))
    return <LoadFailed error={failure} onRetry={() => send({ type: 'RETRY' })} />
  const open = (item: WireNotification) => {
    if (!item.read) send({ type: 'MARK_READ', id: item.id })
    navigate(item.url)
  }
  return (
    <PullToRefresh
      onRefresh={() => send({ type: 'REFRESH' })}
      refreshing={state.hasTag('refreshing')}
    >
      <Stack
        direction="row"
        sx={{ px: 2, py: 1, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" data-testid="notifications-unread">
          <FormattedMessage id="mine.notifications.unread" values={{ count: unread }} />
        </Typography>
        <Button
          size="small"
          data-testid="notifications-read-all"
          disabled={unread === 0}
          onClick={() => send({ type: 'MARK_READ' })}
        >
          <FormattedMessage id="mine.notifications.readAll" />
        </Button>
      </Stack>
      {/* A pull or a "more" that failed keeps what is shown: say why it did not change. */}
      {failure && (
        <Alert severity="error" data-testid="notifications-failure" sx={{ mx: 2 }}>
          {translateServerMessage(failure)}
        </Alert>
      )}
      {state.hasTag('empty') ? (
        <EmptyState text={<FormattedMessage id="mine.notifications.empty" />} />
      ) : (
        <NotificationList items={items} onOpen={open} />
      )}
      {hasMore && (
        <Stack sx={{ p: 2 }}>
          <Button
            data-testid="notifications-load-more"
            disabled={state.hasTag('loadingMore')}
            onClick={() => send({ type: 'LOAD_MORE' })}
          >
            <FormattedMessage id="mine.notifications.loadMore" />
          </Button>
        </Stack>
      )}
    </PullToRefresh>
  )
}

function NotificationList({
  items,
  onOpen,
}: {
  items: readonly WireNotification[]
  onOpen: (item: WireNotification) => void
}) {
  const intl = useIntl()
  return (
    <List disablePadding data-testid="notifications-list">
      {items.map((item) => (
        <ListItem disablePadding key={item.id}>
          <ListItemButton
            divider
            data-testid={`notification-${item.id}`}
            data-read={item.read}
            onClick={() => onOpen(item)}
          >
            <Badge
              color="error"
              variant="dot"
              invisible={item.read === 1}
              aria-label={
                item.read ? undefined : intl.formatMessage({ id: 'mine.notifications.unreadMark' })
              }
              sx={{ mr: 1.5 }}
            >
              <span />
            </Badge>
            <ListItemText
              primary={item.title}
              secondary={
                <>
                  {item.body}
                  <br />
                  <Chip
                    component="span"
                    size="small"
                    variant="outlined"
                    sx={{ mr: 1, height: 20 }}
                    label={intl.formatMessage({ id: `mine.notifications.kind.${item.kind}` })}
                  />
                  {intl.formatDate(item.created, { dateStyle: 'medium', timeStyle: 'short' })}
                </>
              }
              slotProps={{
                primary: { sx: { fontWeight: item.read ? 400 : 700 } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  )
}
