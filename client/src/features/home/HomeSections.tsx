import { HOME_ENTRIES } from '@kabu/shared/lines/index'
import type { Market } from '@kabu/shared/market/types'
import { memo } from 'react'
import { FormattedMessage } from 'react-intl'
import { MarketPageLinks } from '../../ui/MarketPageLinks'
import { NewsHeadlines } from '../../ui/news/NewsHeadlines'
import { FeedStatusChip } from '../../ui/price/FeedStatusChip'
import { SectionMore, SectionTitle } from './SectionTitle'

/*
 * Home's parts that do not show its two queries. Memoised: each answer of a query (and each
 * reload) re-renders HomeScreen, and without this the headings, entries, news and summary links
 * below the fold rendered again with it, some hundred styled components each time.
 */

export const IndicesTitle = memo(function IndicesTitle() {
  return <SectionTitle title={<FormattedMessage id="home.indices" />} right={<FeedStatusChip />} />
})

export const PopularTitle = memo(function PopularTitle({ market }: { market: Market }) {
  return (
    <SectionTitle
      title={<FormattedMessage id="home.popular" />}
      right={<SectionMore to={`/home/index?market=${market}&by=turnover`} testId="home-more" />}
    />
  )
})

/** The entries to the lines that declare one (IPO, block trades, follow, day trading). */
const ENTRIES = HOME_ENTRIES.map(({ line, to }) => ({
  title: `home.${line}.entry`,
  to,
  testId: `home-${line}`,
}))

export const HomeEntries = memo(function HomeEntries() {
  return ENTRIES.map(({ title, to, testId }) => (
    <SectionTitle
      key={testId}
      title={<FormattedMessage id={title} />}
      right={<SectionMore to={to} testId={testId} />}
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
