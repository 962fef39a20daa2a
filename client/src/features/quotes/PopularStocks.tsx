import List from '@mui/material/List'
import Typography from '@mui/material/Typography'
import type { Quote } from '@kabu/shared/market/types'
import { FormattedMessage } from 'react-intl'
import type { StockRef } from '../../realtime/stock-ref'
import type { MarketQuery } from '../../realtime/use-market-query'
import { LiveQuoteRow } from '../../ui/price/LiveQuoteRow'
import { MarketLoadFailed } from '../../ui/price/MarketLoadFailed'
import { QuoteRowSkeleton } from '../../ui/price/QuoteRowSkeleton'

/** What others trade most right now: something to tap before typing anything. */
export function PopularStocks({
  query,
  onOpen,
}: {
  query: MarketQuery<Quote[]>
  onOpen: (stock: StockRef) => void
}) {
  const { data, error, reload } = query
  return (
    <>
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
        <FormattedMessage id="search.popular" />
      </Typography>
      {!data && error ? (
        <MarketLoadFailed error={error} onRetry={reload} />
      ) : !data ? (
        <QuoteRowSkeleton rows={4} />
      ) : (
        <List disablePadding>
          {data.slice(0, 10).map((quote) => (
            <LiveQuoteRow
              key={quote.code}
              seed={quote}
              onOpen={onOpen}
              testId={`popular-${quote.code}`}
            />
          ))}
        </List>
      )}
    </>
  )
}
