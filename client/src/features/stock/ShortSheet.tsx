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
import { liveShortMachine } from './short.live'
import { ShortForm } from './ShortForm'
import { ShortOutcome } from './ShortOutcome'
import { ShortReview } from './ShortReview'
import { StockTitle } from './StockTitle'
import { useShortTicket } from './use-short-ticket'

/**
 * The credit short sale (信用新規売り) as a bottom sheet over the stock detail, as the buy ticket
 * is: ticket, read-back confirmation, outcome.
 */
export function ShortSheet({
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
          'aria-labelledby': titleId,
          sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '92vh' },
        },
      }}
    >
      <Box sx={{ p: 2, pb: 3 }} data-testid="short-sheet">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle2" component="div" id={titleId}>
            <Box component="span" sx={{ display: 'block', color: 'secondary.main', mb: 0.5 }}>
              <FormattedMessage id="stock.short.title" />
            </Box>
            <StockTitle quote={quote} />
          </Typography>
          <QuotePrice quote={quote} stale={false} testId="short-live-price" fontSize={22} />
        </Box>
        {open && <ShortPanel quote={quote} onClose={onClose} />}
      </Box>
    </Drawer>
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
  if (state.hasTag('confirm') && estimate)
    return (
      <ShortReview
        estimate={estimate}
        code={quote.code}
        name={quote.name}
        currency={currency}
        error={error}
        busy={state.hasTag('busy')}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onBack={() => send({ type: 'CANCEL' })}
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
