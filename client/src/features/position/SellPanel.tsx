import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { MARKET_OF_TYPE } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useLot } from '../../realtime/listing-facts'
import { FigureRows } from '../../ui/FigureRows'
import { formatMoney } from '../../ui/money'
import { orderSentence } from '../../ui/orders/order-sentence'
import { useValidityDays } from '../../ui/orders/use-validity-days'
import { sellEstimate } from './sell-estimate'
import { missingFields, sellSentence, sellWire, type SellTicket } from './sell-kinds'
import { SellKindFields } from './SellKindFields'
import { liveSellMachine } from './sell.live'
import { SellQuantity } from './SellQuantity'
import { PanelAction, TicketPanel, type PositionPanelProps } from './TicketPanel'
import { useAppConfig } from './use-app-config'

/**
 * Selling a holding (all of it by default, or whole lots of it chosen on the confirmation) at the
 * market, a limit, a stop (逆指値), a trailing stop or an OCO of a take-profit and a stop-loss, or
 * cancelling a resting order; each after a confirmation that reads the sale back. Refusals stay on
 * screen, translated.
 */
export function SellPanel({ h, type, currency, onChanged }: PositionPanelProps) {
  const intl = useIntl()
  const machine = useMemo(() => liveSellMachine(type), [type])
  const [state, send] = useMachine(machine, { input: { id: h.id } })
  const [ticket, setTicket] = useState<SellTicket>({
    kind: 'market',
    limit: h.nowprice,
    trigger: h.nowprice,
    trail: '',
    validity: 'day',
  })
  const days = useValidityDays(MARKET_OF_TYPE[type])
  const config = useAppConfig()
  const ended = state.hasTag('ended')
  const phase = String(state.value)
  const { partSold } = state.context
  // The holding changed on the server (sell accepted, filled, part sold, cancelled): show it anew.
  useEffect(() => {
    if (phase === 'closing' || phase === 'closed' || phase === 'cancelled' || partSold) onChanged()
  }, [phase, partSold, onChanged])

  const money = (v: string | undefined) => formatMoney(v, currency, intl.locale)
  // The price a sale is estimated at: its limit (an OCO's take-profit), a stop's trigger.
  const wire = sellWire(ticket)
  const price = wire.price ?? wire.trigger ?? null
  const num = state.context.draft?.num ?? h.stock_num
  const lot = useLot(h.code) ?? h.stock_num
  const estimate = sellEstimate(MARKET_OF_TYPE[type], price ?? h.nowprice, num, config ?? {})
  const busy = state.hasTag('busy')
  const selling = state.matches('confirmingSell') || state.matches('selling')
  const pending = h.status === 2

  return (
    <TicketPanel
      testId="sell"
      machine={{ state, send }}
      titleId={selling ? 'stock.position.sellConfirm' : 'stock.position.cancelConfirm'}
      confirmId="stock.order.confirm"
      review={
        <>
          {selling && (
            <Typography sx={{ fontWeight: 600 }} data-testid="sell-sentence">
              {orderSentence(intl, sellSentence(ticket, h.code, num, h.leverage), currency)}
            </Typography>
          )}
          {selling && (
            <SellQuantity
              num={num}
              held={h.stock_num}
              lot={lot}
              disabled={busy}
              onChange={(next) => send({ type: 'QUANTITY', num: next })}
            />
          )}
          <FigureRows
            rows={
              selling
                ? [
                    {
                      labelId: 'stock.position.sellPrice',
                      value:
                        price === null ? (
                          <FormattedMessage id="stock.order.market" />
                        ) : (
                          money(price)
                        ),
                    },
                    { labelId: 'stock.position.marketValue', value: money(estimate?.value) },
                    { labelId: 'stock.position.sellFeeEstimate', value: money(estimate?.fee) },
                    ...(MARKET_OF_TYPE[type] === 'cn'
                      ? [{ labelId: 'stock.position.stampDuty', value: money(estimate?.stampDuty) }]
                      : []),
                    { labelId: 'stock.position.proceeds', value: money(estimate?.proceeds) },
                  ]
                : [
                    { labelId: 'stock.position.quantity', value: intl.formatNumber(h.stock_num) },
                    { labelId: 'stock.position.buyPrice', value: money(h.buy_price) },
                  ]
            }
          />
        </>
      }
    >
      {(state.matches('closed') || state.context.partSold) && (
        <Alert severity="success" data-testid="sell-done">
          <FormattedMessage id="stock.position.sold" />
        </Alert>
      )}
      {state.matches('cancelled') && (
        <Alert severity="info" data-testid="cancel-done">
          <FormattedMessage id="stock.position.cancelled" />
        </Alert>
      )}
      {state.matches('closing') && (
        <Alert severity="info" data-testid="sell-closing">
          <FormattedMessage id="stock.position.closing" />
        </Alert>
      )}
      {!ended && pending && (
        <Button
          color="error"
          variant="outlined"
          onClick={() => send({ type: 'CANCEL_ORDER' })}
          disabled={busy}
          data-testid="cancel-open"
        >
          <FormattedMessage id="stock.order.cancelOrder" />
        </Button>
      )}
      {!ended && h.status === 0 && (
        <>
          <SellKindFields ticket={ticket} onChange={setTicket} days={days} />
          <PanelAction
            testId="sell"
            labelId="stock.position.sell"
            num={h.stock_num}
            disabled={busy || state.matches('closing') || missingFields(ticket).length > 0}
            onClick={() =>
              send({ type: 'SELL', draft: { num: h.stock_num, price, wire: sellWire(ticket) } })
            }
          />
        </>
      )}
    </TicketPanel>
  )
}
