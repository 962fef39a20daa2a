import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import type { WireOrder } from '@kabu/shared/api/orders'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { AmendDraft } from './working-order.machine'

/** What an order's amend may change: a limit, a trigger not yet reached, a lower quantity. */
export const amendable = (o: WireOrder) => ({
  price: o.price !== null,
  trigger: o.trigger !== null && o.status === 'waiting' && o.kind !== 'trailing',
  // The legs of a group are for the same shares: none is lowered alone (the gateway's rule).
  num: o.group === null,
})

/** The order as it would read with `draft`'s changes. */
export const amended = (o: WireOrder, draft: AmendDraft): WireOrder => ({
  ...o,
  price: draft.price ?? o.price,
  trigger: draft.trigger ?? o.trigger,
  num: draft.num ? Number(draft.num) : o.num,
})

/**
 * The amend form of 注文照会: the fields the order's kind has, prefilled; what changed goes to the
 * confirmation, which reads the amended order back.
 */
export function OrderAmend({
  o,
  busy,
  onAmend,
  onClose,
}: {
  o: WireOrder
  busy: boolean
  onAmend: (draft: AmendDraft) => void
  onClose: () => void
}) {
  const intl = useIntl()
  const can = amendable(o)
  const [price, setPrice] = useState(o.price ?? '')
  const [trigger, setTrigger] = useState(o.trigger ?? '')
  const [num, setNum] = useState(String(o.num))
  const changed = (value: string, was: string | number | null) =>
    value.trim() !== '' && value.trim() !== String(was ?? '')
  const draft: AmendDraft = {
    ...(can.price && changed(price, o.price) ? { price: price.trim() } : {}),
    ...(can.trigger && changed(trigger, o.trigger) ? { trigger: trigger.trim() } : {}),
    ...(can.num && changed(num, o.num) ? { num: num.trim() } : {}),
  }
  const field = (id: string, value: string, set: (v: string) => void, testId: string) => (
    <TextField
      size="small"
      label={intl.formatMessage({ id })}
      value={value}
      onChange={(e) => set(e.target.value)}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': testId } }}
    />
  )
  return (
    <Stack spacing={1.5} data-testid="amend-form">
      {can.price && field('stock.orders.price', price, setPrice, 'amend-price')}
      {can.trigger && field('stock.orders.trigger', trigger, setTrigger, 'amend-trigger')}
      {can.num && field('stock.orders.quantity', num, setNum, 'amend-num')}
      <FormattedMessage id="stock.orders.amendNote" />
      <Stack direction="row" spacing={1}>
        <Button onClick={onClose} disabled={busy} data-testid="amend-close">
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button
          variant="contained"
          disabled={busy || Object.keys(draft).length === 0}
          onClick={() => onAmend(draft)}
          data-testid="amend-review"
        >
          <FormattedMessage id="stock.orders.amend" />
        </Button>
      </Stack>
    </Stack>
  )
}
