import type { Quote } from '@kabu/shared/market/types'
import type { MarketQuery } from '../../realtime/use-market-query'
import { EmptyState } from '../../ui/EmptyState'
import { MarketLoadFailed } from '../../ui/price/MarketLoadFailed'
import { IndexCard, IndexCardSkeleton } from './IndexCard'
import { memo } from 'react'

/**
 * The indices as a row of live cards that scrolls sideways
 * on a phone (app.css `k-index-strip`).
 */
export const IndexStrip = memo(function IndexStrip({
  query,
  filter,
}: {
  query: MarketQuery<Quote[]>
  filter?: (q: Quote) => boolean
}) {
  const { data, error, reload } = query
  if (!data && error) return <MarketLoadFailed error={error} onRetry={reload} />
  const indices = filter ? data?.filter(filter) : data
  if (indices?.length === 0) return <EmptyState />
  return (
    <div className="k-index-strip">
      {indices
        ? indices.map((quote) => <IndexCard key={quote.code} seed={quote} />)
        : [0, 1, 2].map((i) => <IndexCardSkeleton key={i} />)}
    </div>
  )
})
