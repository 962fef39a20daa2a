import type { RechargeChannel } from '@kabu/shared/api/funds'
import Alert from '@mui/material/Alert'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'

function Line({ labelId, value, testId }: { labelId: string; value: string; testId?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        <FormattedMessage id={labelId} />
      </Typography>
      {/* A bank's payee name is one unbroken run of half-width kana: it wraps rather than
          running off a 390 px screen. */}
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  )
}

/** Where to send the money: the broker's account, the user's own reference, limits and window. */
export function ChannelCard({ channel }: { channel: RechargeChannel }) {
  const intl = useIntl()
  const money = (v: string) => formatMoney(v, channel.currency, intl.locale)
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle2">
            <FormattedMessage id="mine.funds.deposit.channel" />
          </Typography>
          <Line labelId="mine.funds.deposit.bank" value={channel.bank} />
          <Line labelId="mine.funds.deposit.branch" value={channel.branch} />
          <Line labelId="mine.funds.deposit.account" value={channel.account} />
          <Line labelId="mine.funds.deposit.payee" value={channel.payee} testId="deposit-payee" />
          <Line
            labelId="mine.funds.deposit.reference"
            value={channel.reference}
            testId="deposit-reference"
          />
          <Line
            labelId="mine.funds.deposit.limits"
            value={`${money(channel.min)} – ${money(channel.max)}`}
          />
          <Line labelId="mine.funds.deposit.window" value={channel.window} />
          <Alert severity={channel.open ? 'info' : 'warning'}>
            <FormattedMessage
              id={channel.open ? 'mine.funds.deposit.referenceHint' : 'mine.funds.deposit.closed'}
            />
          </Alert>
        </Stack>
      </CardContent>
    </Card>
  )
}
