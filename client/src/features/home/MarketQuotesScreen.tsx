import { FormattedMessage } from 'react-intl'
import type { LiveQuoteRowProps } from '../../ui/price/LiveQuoteRow'
import { fetchIndices, fetchRank, type RankBy } from '../../realtime/market-api'
import { useMarketQuery } from '../../realtime/use-market-query'
import { FeedStatusChip } from '../../ui/price/FeedStatusChip'
import { IndexStrip } from './IndexStrip'
import { MarketTabs } from './MarketTabs'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { reloading } from './reloading'
import { QuoteList } from './QuoteList'
import { RankChips } from './RankChips'
import { SectionTitle } from './SectionTitle'
import { useListParams } from './search-params'

/** The figure a ranking is about, shown on each row (gainers/losers show it in the change). */
const METRIC: Partial<Record<RankBy, LiveQuoteRowProps['metric']>> = {
  volume: 'volume',
  turnover: 'turnover',
  cap: 'marketCap',
}

/** Market quotes: one market's indices and its stocks ranked, all live. */
export function MarketQuotesScreen() {
  const { market, by, set } = useListParams('gainers')
  const indices = useMarketQuery('indices', fetchIndices)
  const ranked = useMarketQuery(`${market}:${by}`, (signal) => fetchRank(market, by, signal))
  const refresh = () => {
    indices.reload()
    ranked.reload()
  }
  return (
    <PullToRefresh onRefresh={refresh} refreshing={reloading(indices) || reloading(ranked)}>
      <MarketTabs value={market} onChange={(next) => set({ market: next })} />
      <SectionTitle title={<FormattedMessage id="quotes.indices" />} right={<FeedStatusChip />} />
      <IndexStrip query={indices} filter={(q) => q.market === market} />
      <RankChips value={by} onChange={(next) => set({ by: next })} />
      <QuoteList query={ranked} metric={METRIC[by]} />
    </PullToRefresh>
  )
}
