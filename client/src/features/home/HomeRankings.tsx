import type { Market } from '@kabu/shared/market/types'
import { memo, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { fetchRank, type RankBy } from '../../realtime/market-api'
import { useMarketQuery, type MarketQuery } from '../../realtime/use-market-query'
import type { Quote } from '@kabu/shared/market/types'
import { QuoteList } from './QuoteList'
import { RankChips } from './RankChips'
import { SectionMore, SectionTitle } from './SectionTitle'

/** How many of a ranking home shows; the full list is on /home/index. */
const TOP = 5

/** Home's rankings: the top of one ranking of `market`, with the way to the full list. */
export const HomeRankings = memo(function HomeRankings({ market }: { market: Market }) {
  const [by, setBy] = useState<RankBy>('gainers')
  const ranked = useMarketQuery(`${market}:${by}`, (signal) => fetchRank(market, by, signal))
  const top: MarketQuery<Quote[]> = { ...ranked, data: ranked.data?.slice(0, TOP) }
  return (
    <section data-testid="home-rankings">
      <SectionTitle
        title={<FormattedMessage id="home.rankings" />}
        right={
          <SectionMore to={`/home/index?market=${market}&by=${by}`} testId="home-rankings-more" />
        }
      />
      <RankChips value={by} onChange={setBy} />
      <QuoteList query={top} />
    </section>
  )
})
