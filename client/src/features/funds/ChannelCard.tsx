import type { RechargeChannel } from '@kabu/shared/api/funds'
import Alert from '@mui/material/Alert'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { CopyButton } from './CopyButton'
import { depositLimitText } from './deposit-limits'

/** A detail of the broker's account; `copy` names it for its copy button (`deposit-copy-<copy>`). */
function Line({
  labelId,
  value,
  testId,
  copy,
}: {
  labelId: string
  value: string
  testId?: string
  copy?: string
}) {
  const intl = useIntl()
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        <FormattedMessage id={labelId} />
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        {/* A bank's payee name is one unbroken run of half-width kana: it wraps rather than
            running off a 390 px screen. */}
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}
          data-testid={testId}
        >
          {value}
        </Typography>
        {copy && (
          <CopyButton
            text={value}
            label={intl.formatMessage({ id: labelId })}
            testId={`deposit-copy-${copy}`}
          />
        )}
      </Stack>
    </Stack>
  )
}

/**
 * Where to send the money: the broker's account (each detail with a copy button, for the user's
 * banking app), the user's own reference, the limit and the window.
 */
export function ChannelCard({ channel }: { channel: RechargeChannel }) {
  const intl = useIntl()
  const money = (v: string | undefined) => formatMoney(v, channel.currency, intl.locale)
  const limit = depositLimitText(channel)
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle2">
            <FormattedMessage id="mine.funds.deposit.channel" />
          </Typography>
          <Line labelId="mine.funds.deposit.bank" value={channel.bank} copy="bank" />
          <Line labelId="mine.funds.deposit.branch" value={channel.branch} copy="branch" />
          <Line labelId="mine.funds.deposit.account" value={channel.account} copy="account" />
          <Line
            labelId="mine.funds.deposit.payee"
            value={channel.payee}
            testId="deposit-payee"
            copy="payee"
          />
          {/* "(ｶ" ending the name read as a name cut off (issue 34 item 11): it is the bank's
              short form of 株式会社 (ｶ) before it), said under a name that has it. */}
          {/\(ｶ|ｶ\)/.test(channel.payee) && (
            <Typography variant="caption" color="text.secondary" data-testid="deposit-payee-hint">
              <FormattedMessage id="mine.funds.deposit.payeeHint" />
            </Typography>
          )}
          <Line
            labelId="mine.funds.deposit.reference"
            value={channel.reference}
            testId="deposit-reference"
            copy="reference"
          />
          <Line
            labelId="mine.funds.deposit.limits"
            value={intl.formatMessage(
              { id: limit.id },
              { min: money(limit.values.min), max: money(limit.values.max) },
            )}
            testId="deposit-limit"
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
