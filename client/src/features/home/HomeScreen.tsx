import Button from '@mui/material/Button'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { fetchIndices, fetchRank } from '../../realtime/market-api'
import { useMarketQuery } from '../../realtime/use-market-query'
import { MarketPageLinks } from '../../ui/MarketPageLinks'
import { NewsHeadlines } from '../../ui/news/NewsHeadlines'
import { FeedStatusChip } from '../../ui/price/FeedStatusChip'
import { HomeRankings } from './HomeRankings'
import { IndexStrip } from './IndexStrip'
import { MarketTabs } from './MarketTabs'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { reloading } from './reloading'
import { QuoteList } from './QuoteList'
import { SectionTitle } from './SectionTitle'
import { useListParams } from './search-params'

/**
 * Home (spec §2): the indices of the three markets, then for the chosen market its popular stocks,
 * rankings, the popular news and the summary pages, all live.
 */
export function HomeScreen() {
  const { market, set } = useListParams('turnover')
  const indices = useMarketQuery('indices', fetchIndices)
  // "Popular" = most traded by value today: what people are actually dealing in.
  const popular = useMarketQuery(market, (signal) => fetchRank(market, 'turnover', signal))
  const refresh = () => {
    indices.reload()
    popular.reload()
  }
  return (
    <PullToRefresh onRefresh={refresh} refreshing={reloading(indices) || reloading(popular)}>
      <SectionTitle title={<FormattedMessage id="home.indices" />} right={<FeedStatusChip />} />
      <IndexStrip query={indices} />
      <MarketTabs value={market} onChange={(next) => set({ market: next })} />
      <SectionTitle
        title={<FormattedMessage id="home.popular" />}
        right={
          <Button
            component={Link}
            to={`/home/index?market=${market}&by=turnover`}
            size="small"
            data-testid="home-more"
          >
            <FormattedMessage id="home.more" />
          </Button>
        }
      />
      <QuoteList query={{ ...popular, data: popular.data?.slice(0, 5) }} />
      <HomeRankings key={market} market={market} />
      <SectionTitle
        title={<FormattedMessage id="home.ipo.entry" />}
        right={
          <Button component={Link} to="/home/newShare" size="small" data-testid="home-ipo">
            <FormattedMessage id="home.more" />
          </Button>
        }
      />
      <SectionTitle
        title={<FormattedMessage id="home.block.entry" />}
        right={
          <Button component={Link} to="/home/large" size="small" data-testid="home-block">
            <FormattedMessage id="home.more" />
          </Button>
        }
      />
      <SectionTitle
        title={<FormattedMessage id="home.follow.entry" />}
        right={
          <Button component={Link} to="/home/follow" size="small" data-testid="home-follow">
            <FormattedMessage id="home.more" />
          </Button>
        }
      />
      <SectionTitle
        title={<FormattedMessage id="home.daytrade.entry" />}
        right={
          <Button component={Link} to="/home/withinDays" size="small" data-testid="home-daytrade">
            <FormattedMessage id="home.more" />
          </Button>
        }
      />
      <NewsHeadlines />
      <SectionTitle title={<FormattedMessage id="markets.title" />} />
      <MarketPageLinks market={market} />
    </PullToRefresh>
  )
}
