import type { Market } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { Icon, type IconName } from './plain/icons'

/** The market summary pages (features/markets), each at `/markets/<page>`. */
export const MARKET_PAGES = [
  'indicators',
  'sectors',
  'short-selling',
  'investors',
  'year-range',
  'companies',
] as const
export type MarketPage = (typeof MARKET_PAGES)[number]

const ICON: Record<MarketPage, IconName> = {
  indicators: 'assessment',
  sectors: 'category',
  'short-selling': 'trendingDown',
  investors: 'groups',
  'year-range': 'swapVert',
  companies: 'leaderboard',
}

/**
 * A grid of the market summary pages of `market`, for home and search (three to a row on a
 * phone). Plain links (app.css `k-page-link*`), as the rest of home.
 */
export function MarketPageLinks({ market = 'jp' }: { market?: Market }) {
  const intl = useIntl()
  return (
    <nav
      // Named: the bottom menu is a nav too, and two unnamed ones cannot be told apart.
      aria-label={intl.formatMessage({ id: 'markets.title' })}
      className="k-page-links"
    >
      {MARKET_PAGES.map((page) => (
        <Link
          key={page}
          to={`/markets/${page}?market=${market}`}
          className="k-page-link"
          data-testid={`markets-link-${page}`}
        >
          <Icon name={ICON[page]} />
          <span className="k-caption">
            <FormattedMessage id={`markets.page.${page}`} />
          </span>
        </Link>
      ))}
    </nav>
  )
}
