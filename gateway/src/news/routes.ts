import { ok } from '@kabu/shared/api/envelope'
import {
  newsInfoRequest,
  newsListRequest,
  type NewsArticle,
  type NewsPage,
} from '@kabu/shared/api/news'
import type { VueArea } from '../broker/index'
import type { NewsService } from './service'

/**
 * `/news/list` and `/news/info`: public market news, readable without a session like the quotes
 * it tells of.
 */
export function newsRoutes(news: NewsService): VueArea {
  return (routes) => {
    routes.open('/news/list', async ({ body }) => {
      const { page, category } = newsListRequest.parse(body)
      return ok<NewsPage>(await news.list(page, category))
    })

    routes.open('/news/info', async ({ body }) => {
      const { id } = newsInfoRequest.parse(body)
      return ok<NewsArticle>(await news.info(BigInt(id)))
    })
  }
}
