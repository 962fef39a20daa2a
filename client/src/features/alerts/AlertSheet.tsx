import { ALERT_KINDS, type AlertKind } from '@kabu/shared/api/alerts'
import type { Quote } from '@kabu/shared/market/types'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useEffect, useId } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { QuotePrice } from '../../ui/price/QuotePrice'
import { localName } from '../../ui/price/local-name'
import { liveAlertAddMachine } from './alert-add.live'
import { conditionInWords } from './alert-words'

/** The value a new alert of `kind` starts from: the price now, or a round step from it. */
function startValue(kind: AlertKind, quote: Quote): string {
  if (kind === 'price_above' || kind === 'price_below') return String(quote.price)
  if (kind === 'volume_above') return String(Math.max(quote.volume, 1))
  return '5'
}

/**
 * The add-alert sheet of a stock (opened from its detail page): the stock and its live price,
 * the kind, the value, one-shot or repeating, and the condition in words as it will fire.
 */
export function AlertSheet({
  quote,
  onClose,
}: {
  quote: Quote
  onClose: (added: boolean) => void
}) {
  const intl = useIntl()
  const titleId = useId()
  const [state, send] = useMachine(liveAlertAddMachine, {
    input: { code: quote.code, kind: 'price_above', value: startValue('price_above', quote) },
  })
  const { kind, value, repeat, failure } = state.context
  const saved = state.matches('saved')
  useEffect(() => {
    if (saved) onClose(true)
  }, [saved, onClose])
  const words = conditionInWords(intl, { ...quote, kind, value })
  return (
    <Drawer
      anchor="bottom"
      open
      onClose={() => onClose(false)}
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '92vh' },
        },
      }}
    >
      <Box sx={{ p: 2, pb: 3, display: 'grid', gap: 2 }} data-testid="alert-sheet">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography id={titleId} variant="h6" component="h2">
            <FormattedMessage id="mine.alerts.add.title" /> · {localName(quote.name, intl.locale)}{' '}
            {quote.code}
          </Typography>
          <Box data-testid="alert-sheet-price">
            <QuotePrice quote={quote} />
          </Box>
        </Box>
        <TextField
          select
          label={<FormattedMessage id="mine.alerts.add.kind" />}
          value={kind}
          onChange={(e) => {
            const next = e.target.value as AlertKind
            send({ type: 'KIND', kind: next })
            send({ type: 'VALUE', value: startValue(next, quote) })
          }}
          slotProps={{ htmlInput: { 'data-testid': 'alert-kind' } }}
        >
          {ALERT_KINDS.map((k) => (
            <MenuItem key={k} value={k} data-testid={`alert-kind-${k}`}>
              <FormattedMessage id={`mine.alerts.kind.${k}`} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={<FormattedMessage id={`mine.alerts.value.${kind}`} />}
          value={value}
          onChange={(e) => send({ type: 'VALUE', value: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'alert-value' } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={repeat}
              onChange={(e) => send({ type: 'REPEAT', repeat: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'alert-repeat' } as object }}
            />
          }
          label={<FormattedMessage id="mine.alerts.add.repeat" />}
        />
        <Typography variant="body2" color="text.secondary" data-testid="alert-words">
          {words}
        </Typography>
        {failure && <Alert severity="error">{translateServerMessage(failure)}</Alert>}
        <Button
          variant="contained"
          size="large"
          disabled={state.hasTag('busy')}
          onClick={() => send({ type: 'SUBMIT' })}
          data-testid="alert-submit"
        >
          <FormattedMessage id="mine.alerts.add.submit" />
        </Button>
      </Box>
    </Drawer>
  )
}
