import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { useDaytradeFormat } from './DaytradeParts'
import type { DaytradeSend, DaytradeState } from './use-daytrade'

/** The participation funds, the wallet's cash, and the application after a confirmation. */
export function ApplyPanel({
  state,
  send,
  currency,
}: {
  state: DaytradeState
  send: DaytradeSend
  currency: string
}) {
  const intl = useIntl()
  const f = useDaytradeFormat()
  const [money, setMoney] = useState('')
  const available = state.context.snapshot?.available ?? '0'
  return (
    <Stack spacing={1.5} sx={{ p: 2 }} data-testid="daytrade-apply-panel">
      <Typography variant="subtitle1">
        <FormattedMessage id="home.daytrade.new" />
      </Typography>
      <TextField
        label={intl.formatMessage({ id: 'home.daytrade.funds' })}
        value={money}
        onChange={(e) => setMoney(e.target.value)}
        inputMode="decimal"
        slotProps={{ htmlInput: { 'data-testid': 'daytrade-money' } }}
        helperText={intl.formatMessage(
          { id: 'home.daytrade.available' },
          { money: f.money(available, currency) },
        )}
      />
      {state.matches('none') && state.context.error && (
        <Alert severity="error" data-testid="daytrade-apply-error">
          {translateServerMessage(state.context.error)}
        </Alert>
      )}
      <Button
        variant="contained"
        onClick={() => send({ type: 'APPLY', money })}
        data-testid="daytrade-apply"
      >
        <FormattedMessage id="home.daytrade.apply" />
      </Button>
      <ConfirmDialog
        open={state.matches('confirmingApply') || state.matches('applying')}
        busy={state.matches('applying')}
        error={state.context.error}
        testId="daytrade"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <Typography>
          <FormattedMessage
            id="home.daytrade.confirmApply"
            values={{ money: f.money(state.context.money, currency) }}
          />
        </Typography>
      </ConfirmDialog>
    </Stack>
  )
}
