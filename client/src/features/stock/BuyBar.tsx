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
// The short ticket likewise, with the first tap on Sell short.
const ShortSheet = lazy(async () => ({ default: (await import('./ShortSheet')).ShortSheet }))

/**
 * The action bar at the bottom of a stock's detail: the watchlist star, Sell when the user holds
 * the stock, Sell short (信用売り), which opens the short ticket, and Buy, which opens the buy
 * ticket; each ticket is a bottom sheet. A visitor without a session is sent to log in first.
 */
export function BuyBar({ quote }: { quote: Quote }) {
  const { token } = useSnapshot(session)
  const navigate = useNavigate()
  const [open, setOpen] = useState<'buy' | 'short' | null>(null)
  // Each close of a ticket may have bought: the holdings are read again.
  const [closes, setCloses] = useState(0)
  const lots = useHeldLots(quote.code, quote.market, Boolean(token), closes)
  // What the feed says, not "not yet synced": the notice must not flash while the socket connects.
  const feed = useFeedStatus()
  const stale =
    feed?.connected === true &&
    (feed.state === 'stale' || feed.staleCodes?.includes(quote.code) === true)
  const close = () => {
    setOpen(null)
    setCloses((n) => n + 1)
  }
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
        {/* Equal columns: Sell (when held), Sell short and Buy share the row evenly. */}
        <Box
          sx={{
            flex: 1,
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: '1fr',
            gap: 1,
          }}
        >
          <SellAction lots={lots} market={quote.market} />
          <Button
            variant="outlined"
            color="secondary"
            size="large"
            sx={{ px: 1, whiteSpace: 'nowrap' }}
            data-testid="short-open"
            onClick={() => (token ? setOpen('short') : navigate('/login/login'))}
          >
            <FormattedMessage id="stock.short.open" />
          </Button>
          <Button
            variant="contained"
            size="large"
            data-testid="buy-open"
            onClick={() => (token ? setOpen('buy') : navigate('/login/login'))}
          >
            <FormattedMessage id="stock.order.buy" />
          </Button>
        </Box>
      </Box>
      {open === 'buy' && (
        <Suspense fallback={null}>
          <BuySheet quote={quote} open onClose={close} />
        </Suspense>
      )}
      {open === 'short' && (
        <Suspense fallback={null}>
          <ShortSheet quote={quote} open onClose={close} />
        </Suspense>
      )}
    </>
  )
}
