import type { Market } from '@kabu/shared/market/types'
import { memo } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { MarketPageLinks } from '../../ui/MarketPageLinks'
import { NewsHeadlines } from '../../ui/news/NewsHeadlines'
import { FeedStatusChip } from '../../ui/price/FeedStatusChip'
import { SectionTitle } from './SectionTitle'

/*
 * Home's parts that do not show its two queries. Memoised: each answer of a query (and each
 * reload) re-renders HomeScreen, and without this the headings, entries, news and summary links
 * below the fold rendered again with it, some hundred styled components each time.
 */

/** "More" on a section's right: MUI's small text button as a plain link (plain.css `k-btn`). */
function MoreLink({ to, testId }: { to: string; testId: string }) {
  return (
    <Link to={to} className="k-btn k-btn-small" data-testid={testId}>
      <FormattedMessage id="home.more" />
    </Link>
  )
}

export const IndicesTitle = memo(function IndicesTitle() {
  return <SectionTitle title={<FormattedMessage id="home.indices" />} right={<FeedStatusChip />} />
})

export const PopularTitle = memo(function PopularTitle({ market }: { market: Market }) {
  return (
    <SectionTitle
      title={<FormattedMessage id="home.popular" />}
      right={<MoreLink to={`/home/index?market=${market}&by=turnover`} testId="home-more" />}
    />
  )
})

/** The entries to the IPO, block trade, follow and day-trade screens. */
const ENTRIES = [
  { title: 'home.ipo.entry', to: '/home/newShare', testId: 'home-ipo' },
  { title: 'home.block.entry', to: '/home/large', testId: 'home-block' },
  { title: 'home.follow.entry', to: '/home/follow', testId: 'home-follow' },
  { title: 'home.daytrade.entry', to: '/home/withinDays', testId: 'home-daytrade' },
] as const

export const HomeEntries = memo(function HomeEntries() {
  return ENTRIES.map(({ title, to, testId }) => (
    <SectionTitle
      key={testId}
      title={<FormattedMessage id={title} />}
      right={<MoreLink to={to} testId={testId} />}
    />
  ))
})

/** The popular news. */
export const HomeNews = memo(function HomeNews() {
  return <NewsHeadlines />
})

/** The market's summary pages, at the bottom of home. */
export const HomeMarketLinks = memo(function HomeMarketLinks({ market }: { market: Market }) {
  return (
    <>
      <SectionTitle title={<FormattedMessage id="markets.title" />} />
      <MarketPageLinks market={market} />
    </>
  )
})
