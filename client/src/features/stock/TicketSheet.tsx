import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import Typography from '@mui/material/Typography'
import type { Quote } from '@kabu/shared/market/types'
import { useId, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { Loading } from '../../ui/Loading'
import { QuotePrice } from '../../ui/price/QuotePrice'
import { StockTitle } from './StockTitle'

/** What a ticket's sheet is opened with. */
export interface SheetProps {
  quote: Quote
  open: boolean
  onClose: () => void
}

/**
 * The bottom sheet a ticket opens in over the stock detail (the buy, the short sale): the stock and
 * its live price on top, then the ticket, mounted only while the sheet is open so that every
 * opening starts from a fresh machine and fresh rules.
 */
export function TicketSheet({
  quote,
  open,
  onClose,
  testId,
  priceTestId,
  kickerId,
  children,
}: SheetProps & {
  testId: string
  priceTestId: string
  /** A line over the stock's name saying what kind of ticket this is. */
  kickerId?: string
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          // The sheet is a dialog: the stock it trades names it.
          'aria-labelledby': titleId,
          sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '92vh' },
        },
      }}
    >
      <Box sx={{ p: 2, pb: 3 }} data-testid={testId}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            // A kicker line already puts space under the name.
            mb: kickerId ? 1 : 2,
          }}
        >
          <Typography variant="subtitle2" component="div" id={titleId}>
            {kickerId && (
              <Box component="span" sx={{ display: 'block', color: 'secondary.main', mb: 0.5 }}>
                <FormattedMessage id={kickerId} />
              </Box>
            )}
            <StockTitle quote={quote} />
          </Typography>
          <QuotePrice quote={quote} stale={false} testId={priceTestId} fontSize={22} />
        </Box>
        {open && children}
      </Box>
    </Drawer>
  )
}

/** A ticket's rules on their way, or failed to come: the spinner, or the reason and a retry. */
export function RulesPending({
  load,
}: {
  load: { state: 'loading' } | { state: 'failed'; retry: () => void }
}) {
  if (load.state === 'loading') return <Loading />
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
}
