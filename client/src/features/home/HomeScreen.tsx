import type { Market } from '@kabu/shared/market/types'
import { useCallback, useMemo } from 'react'
import { fetchIndices, fetchRank, recentIndices } from '../../realtime/market-api'
import { useMarketQuery } from '../../realtime/use-market-query'
import { HomeRankings } from './HomeRankings'
import { HomeEntries, HomeMarketLinks, HomeNews, IndicesTitle, PopularTitle } from './HomeSections'
import { IndexStrip } from './IndexStrip'
import { MarketTabs } from './MarketTabs'
import { NextSteps } from './NextSteps'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { useIdleStages } from '../../ui/use-idle-ready'
import { reloading } from './reloading'
import { QuoteList } from './QuoteList'
import { useListParams } from './search-params'

/** How many popular stocks home shows; the full list is on /home/index. */
const POPULAR_TOP = 5
/** Rankings, entries, news, summary links. */
const BELOW_FOLD_STAGES = 4

/**
 * Home (spec §2): a new account's next steps, the indices of the three markets, then for the
 * chosen market its popular stocks, rankings, the popular news and the summary pages, all live.
 * Its parts are memoised (and the queries keep their identity until they change), so an answer
 * re-renders only what shows it.
 */
export function HomeScreen() {
  const { market, set } = useListParams('turnover')
  // Opened from the start screen, whose steps fetched the indices a moment ago: shown at once.
  const indices = useMarketQuery('indices', fetchIndices, recentIndices)
  // "Popular" = most traded by value today: what people are actually dealing in.
  const popular = useMarketQuery(market, (signal) => fetchRank(market, 'turnover', signal))
  const popularTop = useMemo(
    () => ({ ...popular, data: popular.data?.slice(0, POPULAR_TOP) }),
    [popular],
  )
  // The rankings (past the first screenful of a phone but for their heading), the entries, news
  // and summary links wait for idle, one after another: home's first render is then the part in
  // view, and no later task renders them all (tests/load/start-blocking.ts --home).
  const belowFold = useIdleStages(BELOW_FOLD_STAGES)
  const chooseMarket = useCallback((next: Market) => set({ market: next }), [set])
  const refresh = () => {
    indices.reload()
    popular.reload()
  }
  return (
    <PullToRefresh onRefresh={refresh} refreshing={reloading(indices) || reloading(popular)}>
      <NextSteps />
      <IndicesTitle />
      <IndexStrip query={indices} />
      <MarketTabs value={market} onChange={chooseMarket} />
      <PopularTitle market={market} />
      <QuoteList query={popularTop} />
      {belowFold >= 1 && <HomeRankings key={market} market={market} />}
      {belowFold >= 2 && <HomeEntries />}
      {belowFold >= 3 && <HomeNews />}
      {belowFold >= 4 && <HomeMarketLinks market={market} />}
    </PullToRefresh>
  )
}
