import type { Quote } from '@kabu/shared/market/types'
import type { MarketQuery } from '../../realtime/use-market-query'
import { EmptyState } from '../../ui/EmptyState'
import { LiveQuoteRow, type LiveQuoteRowProps } from '../../ui/price/LiveQuoteRow'
import { MarketLoadFailed } from '../../ui/price/MarketLoadFailed'
import { QuoteRowSkeleton } from '../../ui/price/QuoteRowSkeleton'
import { useOpenStock } from '../../ui/price/use-open-stock'
import { memo } from 'react'

/** A loaded list of stocks as live rows, with its loading, empty and failed states. */
export const QuoteList = memo(function QuoteList({
  query,
  metric,
}: {
  query: MarketQuery<Quote[]>
  metric?: LiveQuoteRowProps['metric']
}) {
  const open = useOpenStock()
  const { data, error, reload } = query
  if (!data && error) return <MarketLoadFailed error={error} onRetry={reload} />
  if (!data) return <QuoteRowSkeleton />
  if (data.length === 0) return <EmptyState />
  return (
    <ul className="k-list">
      {data.map((quote) => (
        <LiveQuoteRow
          key={quote.code}
          seed={quote}
          onOpen={open}
          metric={metric}
          testId={`stock-row-${quote.code}`}
        />
      ))}
    </ul>
  )
})
