import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useEffect } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSearchParams } from 'react-router-dom'
import type { MessageDetail } from '@kabu/shared/api/inbox'
import { fromPromise } from 'xstate'
import { translateServerMessage } from '../../i18n/intl'
import { detailMachine } from '../../state/detail.machine'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { messageText } from './message-text'
import { fetchMessage } from './messages.api'
import { refreshUnread } from './unread'

const liveMessageMachine = detailMachine<MessageDetail>('message').provide({
  actors: { fetchItem: fromPromise(({ input }) => fetchMessage(input.id)) },
})

/** /mine/messageInfo?id=: one message in full (opening it marks it read). */
export function MessageInfoScreen() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.message.detailTitle" />} />
      {/* The key restarts the machine when another message is opened in place. */}
      <MessageInfo key={id} id={id} />
    </RequireSession>
  )
}

function MessageInfo({ id }: { id: string }) {
  const intl = useIntl()
  const [state, send] = useMachine(liveMessageMachine, { input: { id } })
  const { item: message, failure } = state.context
  const shown = state.matches('shown')
  // Opening a message marked it read on the server: the badge asks again.
  useEffect(() => {
    if (shown) void refreshUnread()
  }, [shown])

  if (state.matches('loading')) return <Loading />
  if (!message) {
    const reason = failure ?? 'network_error'
    // Another try cannot find a message that is not there (or not this user's).
    const retryable = reason !== 'not_found' && reason !== 'invalid_input'
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage(reason)}</Alert>
        {retryable && (
          <Button
            variant="outlined"
            data-testid="message-retry"
            onClick={() => send({ type: 'RETRY' })}
          >
            <FormattedMessage id="mine.message.retry" />
          </Button>
        )}
      </Stack>
    )
  }
  return (
    <Stack spacing={1.5} sx={{ p: 2 }} component="article">
      <Typography variant="h6" component="h2" data-testid="message-title">
        {messageText(intl, message.title, message.params)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {intl.formatDate(message.created, { dateStyle: 'medium', timeStyle: 'short' })}
      </Typography>
      <Typography variant="body1">{messageText(intl, message.summary, message.params)}</Typography>
      {message.body && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Typography>
      )}
    </Stack>
  )
}
