import Box from '@mui/material/Box'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Typography from '@mui/material/Typography'
import { memo, type CSSProperties } from 'react'
import { useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { CompactNumber } from './CompactNumber'
import { MarketTag } from './MarketTag'
import { localName } from './names'
import { QuoteChange } from './QuoteChange'
import { QuotePrice } from './QuotePrice'
import { useLiveQuote } from './use-live-quote'

/** What a row can show before its live snapshot arrives (a ranking or a search answer). */
export type RowSeed = Pick<Quote, 'code' | 'market' | 'kind' | 'name'> & Partial<Quote>

export interface LiveQuoteRowProps {
  seed: RowSeed
  onOpen: (seed: RowSeed) => void
  testId?: string
  /** A figure shown under the change (the ranking's measure). */
  metric?: 'volume' | 'turnover' | 'marketCap'
}

// Live lists re-render a row's figures ten times a second: the row itself (its button, ripple,
// name and tag, each a styled MUI component whose sx is worked out again at every render) renders
// once, from the seed, and only `LiveFigures`, which holds the subscription, renders on a tick.
const ROW = { py: 1.25, gap: 1.5, minHeight: 60 }
const FIGURES: CSSProperties = { textAlign: 'right', minWidth: 96 }

/** One instrument as a tappable row whose price and change follow the live feed. */
export const LiveQuoteRow = memo(function LiveQuoteRow({
  seed,
  onOpen,
  testId,
  metric,
}: LiveQuoteRowProps) {
  const intl = useIntl()
  return (
    <ListItem disablePadding>
      <ListItemButton data-testid={testId} onClick={() => onOpen(seed)} divider sx={ROW}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body1" noWrap sx={{ fontWeight: 600 }}>
            {localName(seed.name, intl.locale)}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <MarketTag market={seed.market} />
            <Typography variant="caption" color="text.secondary">
              {seed.code}
            </Typography>
          </Box>
        </Box>
        <LiveFigures seed={seed} metric={metric} />
      </ListItemButton>
    </ListItem>
  )
})

/** The row's price, measure and change: the part a tick re-renders. */
function LiveFigures({ seed, metric }: Pick<LiveQuoteRowProps, 'seed' | 'metric'>) {
  const { quote, stale } = useLiveQuote(seed)
  return (
    <>
      <div style={FIGURES}>
        <QuotePrice quote={quote} stale={stale} testId={`price-${seed.code}`} fontSize={16} />
        {metric && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ pr: 0.25 }}>
            <CompactNumber value={quote[metric]} />
          </Typography>
        )}
      </div>
      <QuoteChange quote={quote} variant="pill" />
    </>
  )
}
