import type { NewsArticle, NewsCategory, NewsPage } from '@kabu/shared/api/news'
import { brokerPost } from './broker'

/**
 * The news calls. They live here rather than in the news feature because the home screen's
 * headlines block (ui/news) reads the same list.
 */

/** `/news/list`: one page, newest first; no category means every category. */
export function fetchNewsPage(page: number, category?: NewsCategory): Promise<NewsPage> {
  return brokerPost<NewsPage>('/news/list', {
    page: String(page),
    ...(category ? { category } : {}),
  })
}

/** `/news/info`: one article in full. */
export function fetchNewsArticle(id: string): Promise<NewsArticle> {
  return brokerPost<NewsArticle>('/news/info', { id })
}
