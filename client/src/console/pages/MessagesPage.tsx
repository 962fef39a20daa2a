import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import type { OpsMessage } from '@kabu/shared/api/ops'
import { recentMessages, sendMessage } from '../content.api'
import { LoadState } from '../ui/LoadState'
import { useNotice } from '../ui/Notice'
import { AdminOnly } from '../ui/AdminOnly'
import { OpsForm, type FieldSpec, type FormValues } from '../ui/OpsForm'
import { useLoad } from '../use-load'

type Field = 'to' | 'account' | 'title' | 'summary' | 'body'
const START: FormValues<Field> = { to: 'account', account: '', title: '', summary: '', body: '' }

/** The route's two forms of address: one account, or `all: true` (never both). */
function messageBody(v: FormValues<Field>): OpsMessage {
  const to = v.to === 'all' ? { all: true as const } : { account: v.account.trim() }
  return { ...to, title: v.title, summary: v.summary, ...(v.body ? { body: v.body } : {}) }
}

/** A message into customers' inboxes (one account or everyone), and the ones sent lately. */
export default function MessagesPage() {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `console.messages.${id}` }, values)
  const sent = useLoad('messages', recentMessages)
  const notice = useNotice()

  const fields = (v: FormValues<Field>): FieldSpec<Field>[] => [
    {
      name: 'to',
      label: t('to'),
      kind: 'select',
      options: [
        { value: 'account', label: t('to.account') },
        { value: 'all', label: t('to.all') },
      ],
    },
    ...(v.to === 'all'
      ? []
      : [{ name: 'account', label: t('account'), required: true, maxLength: 64 } as const]),
    { name: 'title', label: t('title'), required: true, wide: true, maxLength: 100 },
    { name: 'summary', label: t('summary'), required: true, wide: true, maxLength: 500 },
    { name: 'body', label: t('body'), kind: 'long', wide: true, maxLength: 10_000 },
  ]

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 900 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          <FormattedMessage id="console.messages.new" />
        </Typography>
        <AdminOnly>
          <OpsForm<Field>
            label={t('new')}
            fields={fields}
            initial={START}
            submitLabel={t('send')}
            confirmTitle={(v) =>
              v.to === 'all' ? t('confirmAll') : t('confirmOne', { account: v.account.trim() })
            }
            onSubmit={(v) => sendMessage(messageBody(v))}
            onDone={(answer) => {
              notice.show(t('sent', { count: (answer as { sent: number }).sent }), 'success')
              sent.reload()
            }}
          />
        </AdminOnly>
      </Paper>
      <Box component="section">
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          <FormattedMessage id="console.messages.recent" />
        </Typography>
        <LoadState loaded={sent}>
          {(rows) => (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {rows.map((m) => (
                <Box
                  component="li"
                  key={m.id}
                  sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Typography sx={{ fontWeight: 500 }}>{m.after.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {new Date(m.at).toLocaleString(intl.locale)} ·{' '}
                    {m.target === 'users:all' ? t('to.all') : m.target.replace(/^user:/, '')} ·{' '}
                    {t('count', { count: m.after.count })} · {m.operator}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </LoadState>
      </Box>
      {notice.element}
    </Box>
  )
}
