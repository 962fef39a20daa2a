import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { SupportMessageEvent } from '@kabu/shared/api/support'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useRef } from 'react'
import { FormattedMessage } from 'react-intl'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { Composer } from './Composer'
import { liveConversationMachine } from './conversation.live'
import { MessageBubble } from './MessageBubble'
import { useSupportReplies } from './use-support-replies'

/** /mine/supportInfo?id=: one conversation (none: a new one), replies arriving live. */
export function ConversationScreen() {
  const [params] = useSearchParams()
  const id = params.get('id')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.support.title" />} />
      {/* Another id in the URL is another conversation: a fresh machine. */}
      <Conversation key={id ?? 'new'} threadId={id} />
    </RequireSession>
  )
}

function Conversation({ threadId }: { threadId: string | null }) {
  const navigate = useNavigate()
  const [state, send] = useMachine(liveConversationMachine, { input: { threadId } })
  const end = useRef<HTMLDivElement>(null)
  const reply = useCallback(
    (event: SupportMessageEvent) =>
      send({ type: 'ARRIVED', thread: event.thread, status: event.status, message: event.message }),
    [send],
  )
  useSupportReplies(reply)
  const { messages, status, text, image, failure } = state.context

  // The object URL of the picked photo lives until the draft drops it (sent, removed, refused).
  const preview = image?.preview ?? null
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  // A block body: newer browsers return a promise from scrollIntoView, which React would take
  // for the effect's cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' })
  }, [messages.length])

  if (state.hasTag('loading')) return <Loading />
  if (state.matches('failed')) {
    return <LoadFailed error={failure} onRetry={() => send({ type: 'RETRY' })} />
  }
  const closed = status === 'closed'
  return (
    <Stack sx={{ minHeight: 'calc(100dvh - 52px)' }}>
      <Stack spacing={1.5} sx={{ flex: 1, p: 2 }} data-testid="support-messages" aria-live="polite">
        {messages.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            <FormattedMessage id="mine.support.start" />
          </Typography>
        )}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        <div ref={end} />
      </Stack>
      {closed ? (
        <Stack spacing={1} sx={{ p: 2 }}>
          <Alert severity="info" data-testid="support-closed">
            <FormattedMessage id="mine.support.closed" />
          </Alert>
          <Button
            variant="outlined"
            onClick={() => navigate('/mine/supportInfo', { replace: true })}
          >
            <FormattedMessage id="mine.support.new" />
          </Button>
        </Stack>
      ) : (
        <Composer
          text={text}
          preview={preview}
          uploading={state.hasTag('uploading')}
          sending={state.hasTag('sending')}
          canSend={state.can({ type: 'SEND' })}
          onText={(value) => send({ type: 'TEXT', text: value })}
          onPick={(file) => send({ type: 'ATTACH', file, preview: URL.createObjectURL(file) })}
          onRemoveImage={() => send({ type: 'REMOVE_IMAGE' })}
          onSend={() => send({ type: 'SEND' })}
        />
      )}
    </Stack>
  )
}
