import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import type { OrderKind } from '@kabu/shared/api/orders'
import { FormattedMessage, useIntl } from 'react-intl'
import { ValidityField } from '../../ui/orders/ValidityField'
import { Stepper } from './Stepper'
import type { OrderForm, PriceField } from './use-order-form'

/** The ticket's kinds; a stop-limit is a stop with its limit switched on. */
const PICKED = ['market', 'limit', 'stop', 'trailing'] as const
const picked = (kind: OrderKind) => (kind === 'stop_limit' ? 'stop' : kind)

/**
 * The kind of buy (成行・指値・逆指値・トレーリング) with the prices it needs, its validity and the
 * exits of an IFD or IFDOCO, in the manner of a Japanese broker's ticket.
 */
export function OrderKindFields({
  form,
  quoteStale,
  days,
}: {
  form: OrderForm
  quoteStale: boolean
  /** The validity picker's days, the order's own day first (ui/orders/use-validity-days.ts). */
  days: readonly string[]
}) {
  const intl = useIntl()
  const price = (labelId: string, field: PriceField, testId: string) => (
    <Stepper
      label={<FormattedMessage id={labelId} />}
      text={field.text}
      onText={field.setText}
      onStep={field.step}
      testId={testId}
      decimal
    />
  )
  const stopLimit = form.kind === 'stop_limit'
  const exitsAllowed = (form.kind === 'market' || form.kind === 'limit') && form.leverage === 1
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        value={picked(form.kind)}
        exclusive
        fullWidth
        size="small"
        onChange={(_, kind: OrderKind | null) => kind && form.setKind(kind)}
      >
        {PICKED.map((kind) => (
          <ToggleButton
            key={kind}
            value={kind}
            data-testid={`order-kind-${kind}`}
            disabled={kind === 'market' && quoteStale}
          >
            <FormattedMessage id={`stock.orders.ticket.${kind}`} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {picked(form.kind) === 'stop' && (
        <>
          {price('stock.orders.ticket.trigger', form.trigger, 'order-trigger')}
          <FormControlLabel
            control={
              <Switch
                checked={stopLimit}
                onChange={(e) => form.setKind(e.target.checked ? 'stop_limit' : 'stop')}
                slotProps={{ input: { 'data-testid': 'order-stop-limit' } as object }}
              />
            }
            label={<FormattedMessage id="stock.orders.ticket.stopLimit" />}
          />
        </>
      )}
      {(form.kind === 'limit' || stopLimit) &&
        price('stock.order.limitPrice', form.limit, 'order-price')}
      {form.kind === 'trailing' && (
        <TextField
          size="small"
          label={<FormattedMessage id="stock.orders.ticket.trail" />}
          value={form.trailText}
          onChange={(e) => form.setTrailText(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'order-trail' } }}
        />
      )}
      <ValidityField
        days={days}
        value={form.validity}
        onChange={form.setValidity}
        testId="order-validity"
      />
      {exitsAllowed && (
        <TextField
          select
          size="small"
          label={<FormattedMessage id="stock.orders.ticket.exits" />}
          value={form.exits}
          onChange={(e) => form.setExits(e.target.value as OrderForm['exits'])}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'order-exits' } }}
        >
          {(['none', 'ifd', 'ifdoco'] as const).map((group) => (
            <option key={group} value={group}>
              {intl.formatMessage({ id: `stock.orders.ticket.exits.${group}` })}
            </option>
          ))}
        </TextField>
      )}
      {exitsAllowed && form.exits !== 'none' && (
        <>
          {price('stock.orders.ticket.exitPrice', form.exitPrice, 'order-exit-price')}
          {form.exits === 'ifdoco' &&
            price('stock.orders.ticket.exitTrigger', form.exitTrigger, 'order-exit-trigger')}
        </>
      )}
    </Stack>
  )
}
