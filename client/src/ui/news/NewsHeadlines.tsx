import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate } from 'react-router-dom'
import { Loading } from '../Loading'
import { localName } from '../price/names'
import { NewsMeta } from './NewsMeta'
import { useNewsHeadlines } from './use-news-headlines'

/**
 * Home's "popular news" block (spec §2): the newest few articles and a way to the full list. It
 * lives in ui/ because the home feature renders it and features do not import each other. Plain
 * elements (app.css `k-news-*`, MUI's dense list sizes), as the rest of home.
 */
export function NewsHeadlines({ count = 4 }: { count?: number }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const headlines = useNewsHeadlines(count)
  const note = (id: string) => (
    <p className="k-news-note k-body2 k-text-2" role="status">
      <FormattedMessage id={id} />
    </p>
  )
  return (
    <section data-testid="news-headlines" aria-labelledby="news-headlines-title">
      <div className="k-section-title k-news-title">
        <h2 id="news-headlines-title">
          <FormattedMessage id="news.headlines.title" />
        </h2>
        <Link to="/news/index" className="k-btn k-btn-small" data-testid="news-more">
          <FormattedMessage id="news.headlines.more" />
        </Link>
      </div>
      {headlines.state === 'loading' && <Loading />}
      {headlines.state === 'failed' && note('news.headlines.failed')}
      {headlines.state === 'shown' && headlines.items.length === 0 && note('news.headlines.empty')}
      {headlines.state === 'shown' && headlines.items.length > 0 && (
        <ul className="k-list">
          {headlines.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="k-news-row"
                data-testid="news-item"
                onClick={() => navigate(`/news/info?id=${item.id}`)}
              >
                <span className="k-news-headline k-body2">
                  {localName(item.title, intl.locale)}
                </span>
                <NewsMeta item={item} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
