import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSnapshot } from 'valtio'
import { consoleSession, opsCall } from '../api'
import { refusalText } from '../ui/errors'
import { useNotice } from '../ui/Notice'
import { useLoad } from '../use-load'

interface UserRow {
  id: string
  account: string
  status: 'active' | 'frozen' | 'banned'
  trading_barred: boolean
  created: number
}

const ACTIONS = ['freeze', 'ban', 'bar-trading', 'restore'] as const

/** Accounts and spec §6's actions on them (an admin's; a reviewer sees them greyed out). */
export default function UsersPage() {
  const intl = useIntl()
  const { me } = useSnapshot(consoleSession)
  const isAdmin = me?.operator.role === 'admin'
  const [q, setQ] = useState('')
  const users = useLoad(`users:${q}`, () =>
    opsCall<UserRow[]>('GET', `/users?q=${encodeURIComponent(q)}`),
  )
  const notice = useNotice()

  const act = (account: string, action: (typeof ACTIONS)[number]) =>
    opsCall('POST', `/users/${encodeURIComponent(account)}/${action}`).then(
      () => {
        notice.show(intl.formatMessage({ id: 'console.users.done' }, { account }), 'success')
        users.reload()
      },
      (error: unknown) => notice.show(refusalText(intl, error), 'error'),
    )

  return (
    <Box>
      <TextField
        type="search"
        size="small"
        label={intl.formatMessage({ id: 'console.users.search' })}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', md: 320 } }}
      />
      {!isAdmin && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <FormattedMessage id="console.adminOnly" />
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {users.data?.map((u) => (
          <Card component="li" key={u.id} variant="outlined">
            <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ flexGrow: 1, minWidth: 140 }}>{u.account}</Typography>
              <Chip
                size="small"
                label={intl.formatMessage({ id: `console.users.status.${u.status}` })}
                color={u.status === 'active' ? 'success' : 'error'}
                variant="outlined"
              />
              {u.trading_barred && (
                <Chip size="small" label={intl.formatMessage({ id: 'console.users.barred' })} />
              )}
              {ACTIONS.map((a) => (
                <Button
                  key={a}
                  size="small"
                  disabled={!isAdmin}
                  onClick={() => void act(u.account, a)}
                >
                  <FormattedMessage id={`console.users.${a}`} />
                </Button>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
      {notice.element}
    </Box>
  )
}
