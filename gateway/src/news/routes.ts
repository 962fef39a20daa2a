import { ok } from '@kabu/shared/api/envelope'
import {
  newsInfoRequest,
  newsListRequest,
  type NewsArticle,
  type NewsPage,
} from '@kabu/shared/api/news'
import type { BrokerCalls } from '../broker/index'
import type { NewsService } from './service'

/**
 * `/news/list` and `/news/info`: public market news, readable without a session like the quotes
 * it tells of.
 */
export function newsRoutes(news: NewsService): BrokerCalls {
  return (routes) => {
    routes.open('/news/list', newsListRequest, async ({ input }) => {
      const { page, category } = input
      return ok<NewsPage>(await news.list(page, category))
    })

    routes.open('/news/info', newsInfoRequest, async ({ input }) => {
      const { id } = input
      return ok<NewsArticle>(await news.info(BigInt(id)))
    })
  }
}
