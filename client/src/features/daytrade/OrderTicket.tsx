import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import type { DaytradeSide } from '@kabu/shared/api/daytrade'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import type { DaytradeSend, DaytradeState } from './use-daytrade'

/**
 * The order ticket inside a trading participation: code, buy or sell (short), shares, limit. An
 * order the ticket cannot send says why above its button; the gateway's refusals show in the
 * confirmation.
 */
export function OrderTicket({ state, send }: { state: DaytradeState; send: DaytradeSend }) {
  const intl = useIntl()
  const [code, setCode] = useState('')
  const [side, setSide] = useState<DaytradeSide>('buy')
  const [num, setNum] = useState('100')
  const [price, setPrice] = useState('')
  const draft = state.context.order
  return (
    <Stack spacing={1.5} sx={{ p: 2 }} data-testid="daytrade-ticket">
      <Typography variant="subtitle1">
        <FormattedMessage id="home.daytrade.order.title" />
      </Typography>
      <TextField
        label={intl.formatMessage({ id: 'home.daytrade.order.code' })}
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        slotProps={{ htmlInput: { 'data-testid': 'daytrade-code' } }}
      />
      <ToggleButtonGroup
        exclusive
        fullWidth
        value={side}
        onChange={(_, v: DaytradeSide | null) => v && setSide(v)}
      >
        <ToggleButton value="buy" data-testid="daytrade-side-buy">
          <FormattedMessage id="home.daytrade.order.buy" />
        </ToggleButton>
        <ToggleButton value="sell" data-testid="daytrade-side-sell">
          <FormattedMessage id="home.daytrade.order.sell" />
        </ToggleButton>
      </ToggleButtonGroup>
      <TextField
        label={intl.formatMessage({ id: 'home.daytrade.order.num' })}
        value={num}
        inputMode="numeric"
        onChange={(e) => setNum(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'daytrade-num' } }}
      />
      <TextField
        label={intl.formatMessage({ id: 'home.daytrade.order.price' })}
        value={price}
        inputMode="decimal"
        onChange={(e) => setPrice(e.target.value)}
        helperText={intl.formatMessage({ id: 'home.daytrade.order.priceHint' })}
        slotProps={{ htmlInput: { 'data-testid': 'daytrade-price' } }}
      />
      {state.context.orderError && (
        <Alert severity="error" data-testid="daytrade-order-error">
          {translateServerMessage(state.context.orderError)}
        </Alert>
      )}
      <Button
        variant="contained"
        onClick={() => send({ type: 'ORDER', code, side, num, price })}
        data-testid="daytrade-order"
      >
        <FormattedMessage id="home.daytrade.order.submit" />
      </Button>
      <ConfirmDialog
        open={state.matches('confirmingOrder') || state.matches('ordering')}
        busy={state.matches('ordering')}
        error={state.context.error}
        testId="daytrade"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        {draft && (
          <Typography>
            <FormattedMessage
              id="home.daytrade.order.confirm"
              values={{
                side: intl.formatMessage({ id: `home.daytrade.order.${draft.side}` }),
                num: draft.num,
                code: draft.code,
              }}
            />
          </Typography>
        )}
      </ConfirmDialog>
    </Stack>
  )
}
