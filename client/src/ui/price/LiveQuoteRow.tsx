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

// Every list of stocks is made of these rows, and home renders ten of them as it opens: the row
// is plain elements styled by app.css (`k-quote-*`), not MUI's ListItemButton, Box and
// Typography, whose styled components cost most of home's first render on a slow phone (a CPU
// profile at 4x slowdown). Ticks re-render only `LiveFigures`, which holds the subscription.
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
    <li className="k-quote-item">
      <button
        type="button"
        className="k-quote-row"
        data-testid={testId}
        onClick={() => onOpen(seed)}
      >
        <span className="k-quote-main">
          <span className="k-quote-name">{localName(seed.name, intl.locale)}</span>
          <span className="k-quote-sub">
            <MarketTag market={seed.market} />
            <span className="k-caption k-text-2">{seed.code}</span>
          </span>
        </span>
        <LiveFigures seed={seed} metric={metric} />
      </button>
    </li>
  )
})

/** The row's price, measure and change: the part a tick re-renders. */
function LiveFigures({ seed, metric }: Pick<LiveQuoteRowProps, 'seed' | 'metric'>) {
  const { quote, stale } = useLiveQuote(seed)
  return (
    <>
      <span style={FIGURES}>
        <QuotePrice quote={quote} stale={stale} testId={`price-${seed.code}`} fontSize={16} />
        {metric && (
          <span className="k-caption k-text-2 k-quote-metric">
            <CompactNumber value={quote[metric]} />
          </span>
        )}
      </span>
      <QuoteChange quote={quote} variant="pill" />
    </>
  )
}
