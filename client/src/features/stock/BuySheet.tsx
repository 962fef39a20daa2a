import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import Typography from '@mui/material/Typography'
import { CURRENCY_OF_MARKET, TYPE_OF_MARKET, type Quote } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useId, useMemo } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { Loading } from '../../ui/Loading'
import { QuotePrice } from '../../ui/price/QuotePrice'
import { BuyForm } from './BuyForm'
import type { OrderDraft } from './order-draft'
import { liveOrderMachine } from './order.live'
import { OrderOutcome, type OutcomeState } from './OrderOutcome'
import { OrderReview } from './OrderReview'
import { StockTitle } from './StockTitle'
import { useOrderForm } from './use-order-form'
import { useValidityDays } from '../../ui/orders/use-validity-days'
import { useOrderRules } from './use-order-rules'

/** The buy panel as a bottom sheet over the stock detail: ticket, confirmation, outcome. */
export function BuySheet({
  quote,
  open,
  onClose,
}: {
  quote: Quote
  open: boolean
  onClose: () => void
}) {
  const titleId = useId()
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          // The sheet is a dialog: the stock it buys names it.
          'aria-labelledby': titleId,
          sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '92vh' },
        },
      }}
    >
      <Box sx={{ p: 2, pb: 3 }} data-testid="buy-sheet">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="subtitle2" component="div" id={titleId}>
            <StockTitle quote={quote} />
          </Typography>
          <QuotePrice quote={quote} stale={false} testId="order-live-price" fontSize={22} />
        </Box>
        {open && <BuyPanel quote={quote} />}
      </Box>
    </Drawer>
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

  if (load.state === 'loading') return <Loading />
  if (load.state === 'failed')
    return (
      <Alert
        severity="error"
        action={
          <Button onClick={load.retry}>
            <FormattedMessage id="common.retry" />
          </Button>
        }
      >
        {translateServerMessage('network_error')}
      </Alert>
    )
  if (state.hasTag('confirm') && draft && estimate)
    return (
      <OrderReview
        draft={draft}
        estimate={estimate}
        code={quote.code}
        currency={currency}
        error={error}
        busy={state.hasTag('busy')}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onBack={() => send({ type: 'CANCEL' })}
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
