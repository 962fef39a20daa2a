import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'
import { estimateProfit } from './figures'
import type { FollowSend, FollowState } from './use-follow'

/** The buy: amount and fund password, the lock-up said first, then a confirmation. */
export function BuyForm({ state, send }: { state: FollowState; send: FollowSend }) {
  const intl = useIntl()
  const snapshot = state.context.snapshot
  const [money, setMoney] = useState(snapshot?.product.min ?? '')
  const [fundPassword, setFundPassword] = useState('')
  if (!snapshot) return null
  const { product, available } = snapshot
  const fmt = (value: string) => formatMoney(value, product.currency, intl.locale)
  const confirming = state.hasTag('confirm')
  const estimate = estimateProfit(money, product)
  const error = state.context.error
  const amount = state.context.money ?? money
  return (
    <Stack spacing={1.5} sx={{ p: 2 }} data-testid="follow-buy">
      <Alert severity="info" data-testid="follow-lock-note">
        <FormattedMessage id="home.follow.lockNote" values={{ days: product.lock_days }} />
      </Alert>
      <TextField
        label={<FormattedMessage id="home.follow.amount" />}
        value={money}
        onChange={(e) => setMoney(e.target.value)}
        inputMode="decimal"
        slotProps={{ htmlInput: { 'data-testid': 'follow-amount' } }}
        helperText={
          <FormattedMessage id="home.follow.available" values={{ money: fmt(available) }} />
        }
      />
      {estimate !== null && (
        <Typography variant="body2" color="text.secondary" data-testid="follow-estimate">
          <FormattedMessage id="home.follow.estimate" values={{ money: fmt(estimate) }} />
        </Typography>
      )}
      <TextField
        label={<FormattedMessage id="home.follow.fundPassword" />}
        type="password"
        value={fundPassword}
        onChange={(e) => setFundPassword(e.target.value)}
        inputMode="numeric"
        slotProps={{ htmlInput: { 'data-testid': 'follow-fund-password' } }}
      />
      {error && !confirming && (
        <Alert severity="error" data-testid="follow-error">
          {translateServerMessage(error)}
        </Alert>
      )}
      <Button
        variant="contained"
        onClick={() => send({ type: 'BUY', money, fundPassword })}
        data-testid="follow-buy-button"
      >
        <FormattedMessage id="home.follow.buy" />
      </Button>
      <ConfirmDialog
        open={confirming}
        busy={state.hasTag('busy')}
        error={error}
        titleId="home.follow.confirmTitle"
        testId="follow"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <FormattedMessage
          id="home.follow.confirmText"
          values={{
            money: fmt(amount),
            name: localName(product.name, intl.locale),
            days: product.lock_days,
            deadline: <FormattedDate value={product.deadline} dateStyle="medium" />,
          }}
        />
      </ConfirmDialog>
    </Stack>
  )
}
