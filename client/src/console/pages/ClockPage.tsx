import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { opsCall } from '../api'
import { AdminOnly } from '../ui/AdminOnly'
import { refusalText } from '../ui/errors'
import { useNotice } from '../ui/Notice'
import { useLoad } from '../use-load'

interface ClockReading {
  now: string
  offset_ms: number
  time_travel: boolean
}

/** The gateway's clock, and moving it when TIME_TRAVEL=1 (an admin's action). */
export default function ClockPage() {
  const intl = useIntl()
  const clock = useLoad('clock', () => opsCall<ClockReading>('GET', '/clock'))
  const [at, setAt] = useState('')
  const notice = useNotice()
  const move = () =>
    opsCall('POST', '/clock', { at: new Date(at).toISOString() }).then(clock.reload, (e: unknown) =>
      notice.show(refusalText(intl, e), 'error'),
    )
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {clock.data && (
        <Typography>
          <FormattedMessage
            id="console.clock.now"
            values={{ now: new Date(clock.data.now).toLocaleString(intl.locale) }}
          />
        </Typography>
      )}
      {clock.data?.time_travel === false ? (
        <Typography color="text.secondary">
          <FormattedMessage id="console.clock.disabled" />
        </Typography>
      ) : (
        <AdminOnly>
          <TextField
            type="datetime-local"
            label={intl.formatMessage({ id: 'console.clock.set' })}
            value={at}
            onChange={(e) => setAt(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="contained" disabled={at === ''} onClick={() => void move()}>
            <FormattedMessage id="console.clock.set" />
          </Button>
        </AdminOnly>
      )}
      {notice.element}
    </Box>
  )
}
