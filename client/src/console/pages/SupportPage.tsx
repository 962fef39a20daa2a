import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { SUPPORT_STATUSES, type SupportStatus } from '@kabu/shared/api/support'
import { closeThread, listThreads, readThread, replyThread } from '../support.api'
import { refusalText } from '../ui/errors'
import { useNotice } from '../ui/Notice'
import { Photo } from '../ui/Photo'
import { useLoad } from '../use-load'

/** Customer-service conversations: the open ones first; one opened to read and answer. */
export default function SupportPage() {
  const intl = useIntl()
  const [status, setStatus] = useState<SupportStatus>('open')
  const [open, setOpen] = useState<string>()
  const threads = useLoad(`threads:${status}`, () => listThreads(status))
  if (open) return <Conversation id={open} onBack={() => (setOpen(undefined), threads.reload())} />
  return (
    <Box>
      <Tabs value={status} onChange={(_e, s: SupportStatus) => setStatus(s)}>
        {SUPPORT_STATUSES.map((s) => (
          <Tab key={s} value={s} label={intl.formatMessage({ id: `console.support.${s}` })} />
        ))}
      </Tabs>
      {threads.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          <FormattedMessage id="console.reviews.empty" />
        </Typography>
      )}
      <List>
        {threads.data?.map((t) => (
          <ListItem key={t.id} disablePadding>
            <ListItemButton onClick={() => setOpen(t.id)} divider>
              <ListItemText
                primary={`${t.account} · ${t.subject || '…'}`}
                secondary={`${new Date(t.updated).toLocaleString(intl.locale)} — ${t.last_text}`}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  )
}

function Conversation({ id, onBack }: { id: string; onBack: () => void }) {
  const intl = useIntl()
  const detail = useLoad(`thread:${id}`, () => readThread(id))
  const [text, setText] = useState('')
  const notice = useNotice()
  const closed = detail.data?.thread.status === 'closed'

  const send = () =>
    replyThread(id, text.trim()).then(
      () => {
        setText('')
        detail.reload()
      },
      (error: unknown) => notice.show(refusalText(intl, error), 'error'),
    )
  const close = () =>
    closeThread(id).then(detail.reload, (error: unknown) =>
      notice.show(refusalText(intl, error), 'error'),
    )

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Button onClick={onBack}>
        <FormattedMessage id="console.support.back" />
      </Button>
      <Typography component="h2" variant="h6" sx={{ my: 1 }}>
        {detail.data?.thread.account}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {detail.data?.messages.map((m) => (
          <Paper
            component="li"
            key={m.id}
            variant="outlined"
            sx={{
              p: 1.5,
              justifySelf: m.author === 'operator' ? 'end' : 'start',
              maxWidth: '85%',
              bgcolor: m.author === 'operator' ? 'action.selected' : undefined,
            }}
          >
            <Typography variant="caption" color="text.secondary">
              <FormattedMessage
                id={m.author === 'operator' ? 'console.support.you' : 'console.support.customer'}
              />
              {' · '}
              {new Date(m.created).toLocaleString(intl.locale)}
            </Typography>
            {m.text && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.text}</Typography>}
            {m.image && <Photo id={m.image} name="image" />}
          </Paper>
        ))}
      </Box>
      {!closed && (
        <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
          <TextField
            label={intl.formatMessage({ id: 'console.support.reply' })}
            name="reply"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" disabled={text.trim() === ''} onClick={() => void send()}>
              <FormattedMessage id="console.support.send" />
            </Button>
            <Button color="inherit" onClick={() => void close()}>
              <FormattedMessage id="console.support.close" />
            </Button>
          </Box>
        </Box>
      )}
      {notice.element}
    </Box>
  )
}
