import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { memo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { BookLevel } from '@kabu/shared/market/depth'
import type { Quote } from '@kabu/shared/market/types'
import { EmptyState } from '../../ui/EmptyState'
import { Loading } from '../../ui/Loading'
import { priceFormatOptions } from '../../ui/price/format'
import { useTrendColor, useTrendPalette } from '../../ui/price/use-trend-color'
import { DepthFailed } from './DepthFailed'
import { useDepth } from './use-depth'

type Side = 'ask' | 'bid'

interface RowProps {
  side: Side
  price: number
  size: number
  /** Width of the size bar, in whole percent of the largest level (so small changes keep it). */
  fill: number
  /** Change of this price from the previous close: colours it like every other price. */
  change: number
  market: Quote['market']
  kind: Quote['kind']
}

/** One level; memo'd on plain values, so a book update re-renders only the levels that changed. */
const BookRow = memo(function BookRow({ side, price, size, fill, change, market, kind }: RowProps) {
  const intl = useIntl()
  const color = useTrendColor(change)
  const palette = useTrendPalette()
  // Asks are sell orders: the down colour; bids the up colour (red/green per the user's setting).
  const barColor = side === 'ask' ? palette.down : palette.up
  return (
    <Box
      data-testid={`book-${side}`}
      sx={{
        position: 'relative',
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        px: 2,
        py: 0.25,
        fontVariantNumeric: 'tabular-nums',
        fontSize: 14,
      }}
    >
      {/* The size bar stays under the size column: tinted behind the coloured price, a green
          price on a red tint fell to 4.1:1 (axe). */}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          insetBlock: 1,
          right: 0,
          width: `${fill / 2}%`,
          bgcolor: `${barColor}22`,
          transition: 'width 200ms ease-out',
        }}
      />
      <Box data-testid="book-price" sx={{ color, fontWeight: 600, zIndex: 1 }}>
        {intl.formatNumber(price, priceFormatOptions(market, kind, price))}
      </Box>
      <Box sx={{ textAlign: 'right', zIndex: 1 }}>{intl.formatNumber(size)}</Box>
    </Box>
  )
})

function Levels({
  side,
  levels,
  max,
  quote,
}: {
  side: Side
  levels: BookLevel[]
  max: number
  quote: Quote
}) {
  return levels.map((level) => (
    <BookRow
      key={level.price}
      side={side}
      price={level.price}
      size={level.size}
      fill={Math.round((level.size / max) * 100)}
      change={level.price - quote.prevClose}
      market={quote.market}
      kind={quote.kind}
    />
  ))
}

/**
 * The order book (板): asks above, highest first, down to the best ask; the spread; bids below,
 * best first. Bars show each level's size against the largest on screen. Live from depth$.
 */
export function OrderBook({ quote }: { quote: Quote }) {
  const intl = useIntl()
  const { depth, failed, retry } = useDepth(quote.code)
  if (failed) return <DepthFailed onRetry={retry} />
  if (!depth) return <Loading />
  if (depth.bids.length === 0 && depth.asks.length === 0) {
    return <EmptyState text={<FormattedMessage id="stock.depth.noBook" />} />
  }
  const max = Math.max(1, ...depth.bids.map((l) => l.size), ...depth.asks.map((l) => l.size))
  const [bestBid, bestAsk] = [depth.bids[0], depth.asks[0]]
  const spread =
    bestBid && bestAsk
      ? intl.formatNumber(
          bestAsk.price - bestBid.price,
          priceFormatOptions(quote.market, quote.kind, bestAsk.price),
        )
      : '--'
  return (
    <Box data-testid="order-book" sx={{ py: 1 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', px: 2, pb: 0.5, color: 'text.secondary' }}
      >
        <Typography variant="caption">
          <FormattedMessage id="stock.depth.price" />
        </Typography>
        <Typography variant="caption">
          <FormattedMessage id="stock.depth.size" />
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
        <FormattedMessage id="stock.depth.ask" />
      </Typography>
      <Levels side="ask" levels={[...depth.asks].reverse()} max={max} quote={quote} />
      <Typography
        data-testid="book-spread"
        variant="caption"
        component="div"
        sx={{ px: 2, py: 0.5, my: 0.5, bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        <FormattedMessage id="stock.depth.spread" values={{ spread }} />
      </Typography>
      <Levels side="bid" levels={depth.bids} max={max} quote={quote} />
      <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
        <FormattedMessage id="stock.depth.bid" />
      </Typography>
      <Typography variant="caption" component="p" color="warning.main" sx={{ px: 2, pt: 1 }}>
        <FormattedMessage id="stock.depth.simulated" />
      </Typography>
    </Box>
  )
}
