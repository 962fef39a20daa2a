import type { NewsItem } from '@kabu/shared/api/news'
import { FormattedMessage, useIntl } from 'react-intl'

/**
 * The line under a headline: when, who wrote it, and whether it was written from simulated
 * market data (the article's own flag, which outlives the feed that wrote it). Plain elements
 * (app.css `k-news-meta`): home lists four of them.
 */
export function NewsMeta({ item }: { item: Pick<NewsItem, 'created' | 'source' | 'simulated'> }) {
  const intl = useIntl()
  return (
    <span className="k-news-meta k-text-2">
      <time className="k-caption" dateTime={new Date(item.created).toISOString()}>
        {intl.formatDate(item.created, { dateStyle: 'medium', timeStyle: 'short' })}
      </time>
      <span className="k-caption">
        <FormattedMessage id={`news.source.${item.source}`} />
      </span>
      {item.simulated && (
        <span data-testid="news-simulated" className="k-chip">
          <FormattedMessage id="market.simulated" />
        </span>
      )}
    </span>
  )
}
