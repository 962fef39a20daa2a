import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { Quote } from '@kabu/shared/market/types'
import { lazy, Suspense, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { useFeedStatus } from '../../realtime'
import { session } from '../../state/session-view'
import { SellAction } from './SellAction'
import { useHeldLots } from './use-held-lots'
import { WatchStar } from './WatchStar'

// The ticket, its machine and the listings catalogue load with the first tap on Buy.
const BuySheet = lazy(async () => ({ default: (await import('./BuySheet')).BuySheet }))

/**
 * The action bar at the bottom of a stock's detail: the watchlist star, Sell when the user holds
 * the stock, and Buy, which opens the ticket as a bottom sheet. A visitor without a session is
 * sent to log in first.
 */
export function BuyBar({ quote }: { quote: Quote }) {
  const { token } = useSnapshot(session)
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  // Each close of the ticket may have bought: the holdings are read again.
  const [closes, setCloses] = useState(0)
  const lots = useHeldLots(quote.code, quote.market, Boolean(token), closes)
  // What the feed says, not "not yet synced": the notice must not flash while the socket connects.
  const feed = useFeedStatus()
  const stale =
    feed?.connected === true &&
    (feed.state === 'stale' || feed.staleCodes?.includes(quote.code) === true)
  if (quote.kind !== 'stock') return null
  return (
    <>
      {/* Keeps the last fields scrollable above the fixed bar. */}
      <Box sx={{ height: stale ? 124 : 72 }} />
      <Box
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          px: 2,
          py: 1.5,
          pb: 'calc(12px + env(safe-area-inset-bottom))',
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          zIndex: (theme) => theme.zIndex.appBar,
          flexWrap: 'wrap',
        }}
      >
        {stale && (
          <Alert severity="warning" data-testid="stock-stale" sx={{ width: '100%', py: 0 }}>
            <FormattedMessage id="market.stale.notice" />
          </Alert>
        )}
        {token && <WatchStar code={quote.code} market={quote.market} />}
        <SellAction lots={lots} market={quote.market} />
        <Button
          variant="contained"
          size="large"
          fullWidth
          // Beside the star, on the row under the stale notice when there is one.
          sx={{ flex: 1, width: 'auto' }}
          data-testid="buy-open"
          onClick={() => (token ? setOpen(true) : navigate('/login/login'))}
        >
          <FormattedMessage id="stock.order.buy" />
        </Button>
      </Box>
      {open && (
        <Suspense fallback={null}>
          <BuySheet
            quote={quote}
            open={open}
            onClose={() => {
              setOpen(false)
              setCloses((n) => n + 1)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
