import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { isWorking, type WireOrderInfo } from '@kabu/shared/api/orders'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { LabelRow } from '../../ui/LabelRow'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { orderSentence, validityDate } from '../../ui/orders/order-sentence'
import { orderTrade } from '../../ui/orders/order-trade'
import { localName } from '../../ui/price/names'
import { RequireSession } from '../../ui/RequireSession'
import { useScreenParams } from './use-screen-params'
import { amended, OrderAmend } from './OrderAmend'
import { OrderStatusChip } from './OrderRow'
import { useOrder } from './use-orders'
import { liveWorkingOrderMachine } from './working-order.live'

/** /position/order?type=jpy&id=…: 注文照会, one order with its fills, amend and cancel. */
export function OrderInfoScreen() {
  const { type, id } = useScreenParams()
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="stock.orders.title" />} />
      {/^\d+$/.test(id) ? (
        <OrderInfo key={id} type={type} id={id} />
      ) : (
        <EmptyState text={<FormattedMessage id="stock.orders.notFound" />} />
      )}
    </RequireSession>
  )
}

function OrderInfo({ type, id }: { type: MarketType; id: string }) {
  const { load, reload } = useOrder(id)
  if (load.state === 'loading') return <Loading />
  if (load.state === 'notFound')
    return <EmptyState text={<FormattedMessage id="stock.orders.notFound" />} />
  if (load.state === 'failed') return <LoadFailed error={null} onRetry={reload} />
  return <OrderDetail o={load.order} type={type} onChanged={reload} />
}

function OrderDetail({
  o,
  type,
  onChanged,
}: {
  o: WireOrderInfo
  type: MarketType
  onChanged: () => void
}) {
  const intl = useIntl()
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]
  const money = (v: string | null) => formatMoney(v, currency, intl.locale)
  const machine = useMemo(() => liveWorkingOrderMachine(), [])
  const [state, send] = useMachine(machine, { input: { id: o.id } })
  const [editing, setEditing] = useState(false)
  const { error, notice, draft, changes } = state.context
  const working = isWorking(o.status) && !state.hasTag('ended')
  const busy = state.hasTag('busy')
  // The gateway took an amend or a cancel: show the order as it now stands.
  useEffect(() => {
    if (changes > 0) onChanged()
  }, [changes, onChanged])
  // Filled, lapsed or ended with its group elsewhere: nothing is left to amend or cancel.
  useEffect(() => {
    if (!isWorking(o.status)) send({ type: 'ENDED' })
  }, [o.status, send])

  const rows: Array<[string, string | null]> = [
    ['stock.orders.orderNo', o.order_no],
    ['stock.orders.quantity', intl.formatNumber(o.num)],
    ['stock.orders.filledNum', intl.formatNumber(o.filled_num)],
    ['stock.orders.avgPrice', o.avg_price && money(o.avg_price)],
    ['stock.orders.price', o.price && money(o.price)],
    ['stock.orders.trigger', o.trigger && money(o.trigger)],
    ['stock.orders.trail', o.trail && money(o.trail)],
    [
      'stock.orders.placedAt',
      intl.formatDate(o.created, { dateStyle: 'short', timeStyle: 'short' }),
    ],
  ]
  return (
    <Stack spacing={1.5} sx={{ p: 2 }} data-testid="order-info" data-status={o.status}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6">
          {localName(o.name, intl.locale)}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {o.code}
          </Typography>
        </Typography>
        <OrderStatusChip status={o.status} />
      </Box>
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="order-info-sentence">
        {orderSentence(intl, o, currency)}
      </Typography>
      {notice && (
        <Alert severity="success" data-testid="order-notice">
          <FormattedMessage id={`stock.orders.${notice}`} />
        </Alert>
      )}
      {o.refusal && (
        <Alert severity="warning" data-testid="order-refusal">
          <FormattedMessage id="stock.orders.refusal" />: {translateServerMessage(o.refusal)}
        </Alert>
      )}
      <Box>
        <LabelRow label={<FormattedMessage id="stock.orders.tradeLabel" />}>
          <span data-testid="order-info-trade">
            <FormattedMessage id={`stock.orders.trade.${orderTrade(o)}`} />
          </span>
        </LabelRow>
        <LabelRow label={<FormattedMessage id="stock.orders.type" />}>
          <FormattedMessage id={`stock.orders.kind.${o.kind}`} />
          {o.group && ` · ${intl.formatMessage({ id: `stock.orders.group.${o.group}` })}`}
        </LabelRow>
        {rows.map(
          ([label, value]) =>
            value && (
              <LabelRow key={label} label={<FormattedMessage id={label} />}>
                {value}
              </LabelRow>
            ),
        )}
        <LabelRow label={<FormattedMessage id="stock.orders.validity" />}>
          {o.validity === 'day' ? (
            <FormattedMessage id="stock.orders.validity.day" />
          ) : (
            <FormattedMessage
              id="stock.orders.validity.until"
              values={{ date: validityDate(intl, o.validity) }}
            />
          )}
        </LabelRow>
      </Box>
      {o.fills.length > 0 && (
        <Box data-testid="order-fills">
          <Typography variant="overline" color="text.secondary" component="h3">
            <FormattedMessage id="stock.orders.fills" />
          </Typography>
          {o.fills.map((f) => (
            <LabelRow key={`${f.at}:${f.price}:${f.num}`} label={intl.formatTime(f.at)}>
              <FormattedMessage
                id="stock.orders.fill"
                values={{ num: intl.formatNumber(f.num), price: money(f.price) }}
              />
            </LabelRow>
          ))}
        </Box>
      )}
      {error && (
        <Alert severity="error" data-testid="order-error">
          {translateServerMessage(error)}
        </Alert>
      )}
      {working && editing && (
        <OrderAmend
          o={o}
          busy={busy}
          onAmend={(d) => send({ type: 'AMEND', draft: d })}
          onClose={() => setEditing(false)}
        />
      )}
      {working && !editing && (
        <Stack direction="row" spacing={1}>
          <Button
            fullWidth
            variant="outlined"
            onClick={() => setEditing(true)}
            data-testid="amend-open"
          >
            <FormattedMessage id="stock.orders.amend" />
          </Button>
          <Button
            fullWidth
            variant="outlined"
            color="error"
            onClick={() => send({ type: 'CANCEL_ORDER' })}
            data-testid="order-cancel-open"
          >
            <FormattedMessage id="stock.orders.cancel" />
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={state.matches('confirmingAmend') || state.matches('amending')}
        titleId="stock.orders.amendTitle"
        busy={busy}
        error={error}
        testId="amend"
        confirmId="stock.orders.amendConfirm"
        onConfirm={() => {
          send({ type: 'CONFIRM' })
          setEditing(false)
        }}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <Typography data-testid="amend-sentence">
          {orderSentence(intl, amended(o, draft ?? {}), currency)}
        </Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={state.matches('confirmingCancel') || state.matches('cancelling')}
        titleId="stock.orders.cancelTitle"
        busy={busy}
        error={error}
        testId="order-cancel"
        confirmId="stock.orders.cancelConfirm"
        danger
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <Typography>{orderSentence(intl, o, currency)}</Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="stock.orders.cancelBody" />
        </Typography>
        {o.group && (
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="stock.orders.groupNote" />
          </Typography>
        )}
      </ConfirmDialog>
    </Stack>
  )
}
