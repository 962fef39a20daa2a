import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { InboxList } from './InboxList'
import { unread as unreadBadge } from './unread'
import { useNewMessages } from './use-new-messages'
import { liveInboxMachine } from './inbox.live'

/** /mine/message: the inbox, newest first, with the unread count; new messages arrive live. */
export function InboxScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.message.title" />} />
      <Inbox />
    </RequireSession>
  )
}

function Inbox() {
  const [state, send] = useMachine(liveInboxMachine)
  const arrived = useCallback(() => send({ type: 'ARRIVED' }), [send])
  useNewMessages(arrived)
  const { items, unread, failure, hasMore } = state.context
  const loaded = !state.hasTag('loading') && !state.matches('failed')
  // The tab badge follows what the inbox last heard from the server.
  useEffect(() => {
    if (loaded) unreadBadge.count = unread
  }, [loaded, unread])

  if (state.hasTag('loading')) return <Loading />
  if (state.matches('failed')) {
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">
          <FormattedMessage id="mine.message.failed" />
          {failure ? ` ${translateServerMessage(failure)}` : null}
        </Alert>
        <Button
          variant="outlined"
          data-testid="message-retry"
          onClick={() => send({ type: 'RETRY' })}
        >
          <FormattedMessage id="mine.message.retry" />
        </Button>
      </Stack>
    )
  }
  return (
    <PullToRefresh
      onRefresh={() => send({ type: 'REFRESH' })}
      refreshing={state.hasTag('refreshing')}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="message-unread"
        sx={{ px: 2, py: 1 }}
      >
        <FormattedMessage id="mine.message.unread" values={{ count: unread }} />
      </Typography>
      {state.hasTag('empty') ? (
        <EmptyState text={<FormattedMessage id="mine.message.empty" />} />
      ) : (
        <InboxList items={items} />
      )}
      {hasMore && (
        <Stack sx={{ p: 2 }}>
          <Button
            data-testid="message-load-more"
            disabled={state.hasTag('loadingMore')}
            onClick={() => send({ type: 'LOAD_MORE' })}
          >
            <FormattedMessage id="mine.message.loadMore" />
          </Button>
        </Stack>
      )}
    </PullToRefresh>
  )
}
