import { CURRENCY_OF_MARKET, TYPE_OF_MARKET, type Quote } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { liveShortMachine } from './short.live'
import { ShortForm } from './ShortForm'
import { ShortOutcome } from './ShortOutcome'
import { ShortReview } from './ShortReview'
import { RulesPending, TicketSheet, type SheetProps } from './TicketSheet'
import { reviewActions } from './TicketReview'
import { useShortTicket } from './use-short-ticket'

/**
 * The credit short sale (信用新規売り) as a bottom sheet over the stock detail, as the buy ticket
 * is: ticket, read-back confirmation, outcome.
 */
export function ShortSheet({ quote, open, onClose }: SheetProps) {
  return (
    <TicketSheet
      quote={quote}
      open={open}
      onClose={onClose}
      testId="short-sheet"
      priceTestId="short-live-price"
      kickerId="stock.short.title"
    >
      <ShortPanel quote={quote} onClose={onClose} />
    </TicketSheet>
  )
}

function ShortPanel({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const type = TYPE_OF_MARKET[quote.market]
  const currency = CURRENCY_OF_MARKET[quote.market]
  const machine = useMemo(() => liveShortMachine(type, quote.code), [type, quote.code])
  const [state, send] = useMachine(machine)
  const ticket = useShortTicket(quote)
  const { load } = ticket
  const { estimate, error, positionId } = state.context

  if (load.state !== 'ready') return <RulesPending load={load} />
  if (state.hasTag('confirm') && estimate)
    return (
      <ShortReview
        estimate={estimate}
        code={quote.code}
        name={quote.name}
        currency={currency}
        {...reviewActions(state, send)}
      />
    )
  if (state.hasTag('form'))
    return (
      <ShortForm
        ticket={ticket}
        rules={load.rules}
        currency={currency}
        // A refusal answered the draft it was about: once the ticket changes, it is gone.
        error={sameDraft(state.context.draft, ticket.draft) ? error : null}
        busy={state.hasTag('busy')}
        onReview={() => send({ type: 'SUBMIT', draft: ticket.draft })}
      />
    )
  return (
    <ShortOutcome
      type={type}
      opened={state.matches('opened')}
      positionId={positionId}
      error={error}
      onEdit={() => {
        load.reload()
        send({ type: 'EDIT' })
      }}
      onClose={onClose}
    />
  )
}

const sameDraft = (a: { lots: number; leverage: number } | null, b: typeof a) =>
  a !== null && b !== null && a.lots === b.lots && a.leverage === b.leverage
