import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { FormattedMessage, useIntl } from 'react-intl'
import { ValidityField } from '../../ui/orders/ValidityField'
import { missingFields, SELL_KINDS, type SellKind, type SellTicket } from './sell-kinds'

/** Each kind's label: the ticket's short words, an OCO by its name. */
const LABEL: Record<SellKind, string> = {
  market: 'stock.orders.ticket.market',
  limit: 'stock.orders.ticket.limit',
  stop: 'stock.orders.ticket.stop',
  trailing: 'stock.orders.ticket.trailing',
  oco: 'stock.orders.group.oco',
}

/** The sell ticket's kind and the prices it needs: a limit, a stop's trigger, a trail, or both of an OCO. */
export function SellKindFields({
  ticket,
  onChange,
  days,
}: {
  ticket: SellTicket
  onChange: (ticket: SellTicket) => void
  /** The validity picker's days, the order's own day first (ui/orders/use-validity-days.ts). */
  days: readonly string[]
}) {
  const intl = useIntl()
  const missing = missingFields(ticket)
  const field = (name: 'limit' | 'trigger' | 'trail', labelId: string) => (
    <TextField
      size="small"
      label={intl.formatMessage({ id: labelId })}
      value={ticket[name]}
      onChange={(e) => onChange({ ...ticket, [name]: e.target.value })}
      error={missing.includes(name)}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `sell-${name}` } }}
    />
  )
  const { kind } = ticket
  return (
    <>
      <ToggleButtonGroup
        value={kind}
        exclusive
        fullWidth
        size="small"
        onChange={(_, k: SellKind | null) => k && onChange({ ...ticket, kind: k })}
      >
        {SELL_KINDS.map((k) => (
          <ToggleButton key={k} value={k} data-testid={`sell-kind-${k}`} sx={{ px: 0.5 }}>
            <FormattedMessage id={LABEL[k]} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {kind === 'limit' && field('limit', 'stock.position.sellPrice')}
      {kind === 'oco' && field('limit', 'stock.orders.ticket.exitPrice')}
      {(kind === 'stop' || kind === 'oco') && field('trigger', 'stock.orders.ticket.sellTrigger')}
      {kind === 'trailing' && field('trail', 'stock.orders.ticket.sellTrail')}
      {kind !== 'market' && (
        <ValidityField
          days={days}
          value={ticket.validity}
          onChange={(validity) => onChange({ ...ticket, validity })}
          testId="sell-validity"
        />
      )}
    </>
  )
}
