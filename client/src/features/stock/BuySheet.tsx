import { CURRENCY_OF_MARKET, TYPE_OF_MARKET, type Quote } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { BuyForm } from './BuyForm'
import type { OrderDraft } from './order-draft'
import { liveOrderMachine } from './order.live'
import { OrderOutcome, type OutcomeState } from './OrderOutcome'
import { OrderReview } from './OrderReview'
import { RulesPending, TicketSheet, type SheetProps } from './TicketSheet'
import { reviewActions } from './TicketReview'
import { useOrderForm } from './use-order-form'
import { useValidityDays } from '../../ui/orders/use-validity-days'
import { useOrderRules } from './use-order-rules'

/** The buy panel as a bottom sheet over the stock detail: ticket, confirmation, outcome. */
export function BuySheet({ quote, open, onClose }: SheetProps) {
  return (
    <TicketSheet
      quote={quote}
      open={open}
      onClose={onClose}
      testId="buy-sheet"
      priceTestId="order-live-price"
    >
      <BuyPanel quote={quote} />
    </TicketSheet>
  )
}

function BuyPanel({ quote }: { quote: Quote }) {
  const type = TYPE_OF_MARKET[quote.market]
  const currency = CURRENCY_OF_MARKET[quote.market]
  const machine = useMemo(() => liveOrderMachine(type, quote.code), [type, quote.code])
  const [state, send] = useMachine(machine)
  const load = useOrderRules(type, quote, true)
  const form = useOrderForm(quote, load.state === 'ready' ? load.rules : null)
  const days = useValidityDays(quote.market, quote.time)
  const { draft, estimate, error, orderId, progress } = state.context

  if (load.state !== 'ready') return <RulesPending load={load} />
  if (state.hasTag('confirm') && draft && estimate)
    return (
      <OrderReview
        draft={draft}
        estimate={estimate}
        code={quote.code}
        currency={currency}
        {...reviewActions(state, send)}
      />
    )
  if (state.hasTag('form'))
    return (
      <BuyForm
        form={form}
        rules={load.rules}
        market={quote.market}
        currency={currency}
        // A refusal is about the draft it answered: once the user changes the ticket, it is gone.
        error={sameDraft(draft, form.draft) ? error : null}
        busy={state.hasTag('busy')}
        days={days}
        onReview={() => send({ type: 'SUBMIT', draft: form.draft })}
      />
    )
  const outcome = (
    state.matches('placed') ? Object.values(state.value)[0] : state.value
  ) as OutcomeState
  return (
    <OrderOutcome
      type={type}
      currency={currency}
      state={outcome}
      orderId={orderId}
      progress={progress}
      error={error}
      onCancelOrder={() => send({ type: 'CANCEL_ORDER' })}
      onNew={() => {
        load.reload()
        send({ type: 'NEW' })
      }}
    />
  )
}

const sameDraft = (a: OrderDraft | null, b: OrderDraft) =>
  a !== null && JSON.stringify(a) === JSON.stringify(b)
