import type { Kysely } from 'kysely'
import {
  NEWS_CATEGORIES,
  NEWS_PAGE_SIZE,
  type NewsArticle,
  type NewsCategory,
  type NewsItem,
  type NewsPage,
  type NewsSource,
} from '@kabu/shared/api/news'
import { Refusal } from '../broker/index'
import type { Database } from '../store/index'
import * as q from './news.sql'

/** Rows are written by us, through the checks of the migration; still, narrow instead of cast. */
const categoryOf = (value: string): NewsCategory =>
  NEWS_CATEGORIES.find((c) => c === value) ?? 'notice'
const sourceOf = (value: string): NewsSource => (value === 'operator' ? 'operator' : 'simulator')

export function itemOf(row: q.NewsRow): NewsItem {
  return {
    id: row.id.toString(),
    category: categoryOf(row.category),
    code: row.code,
    source: sourceOf(row.source),
    simulated: row.simulated === 1n,
    title: { ja: row.title_ja, zh: row.title_zh, en: row.title_en },
    summary: { ja: row.summary_ja, zh: row.summary_zh, en: row.summary_en },
    created: Number(row.created_at),
  }
}

export function articleOf(row: q.NewsRow): NewsArticle {
  return { ...itemOf(row), body: { ja: row.body_ja, zh: row.body_zh, en: row.body_en } }
}

export type NewsService = ReturnType<typeof createNewsService>

/** What readers of /news see: published articles, newest first. */
export function createNewsService({ db }: { db: Kysely<Database> }) {
  return {
    async list(page: number, category?: NewsCategory): Promise<NewsPage> {
      const offset = (page - 1) * NEWS_PAGE_SIZE
      const [rows, total] = await Promise.all([
        q.pageOfArticles(db, category, offset, NEWS_PAGE_SIZE),
        q.countArticles(db, category),
      ])
      return { list: rows.map(itemOf), total }
    },

    /** One published article; an unknown or withdrawn one is simply not found. */
    async info(id: bigint): Promise<NewsArticle> {
      const row = await q.findPublished(db, id)
      if (!row) throw new Refusal('not_found')
      return articleOf(row)
    },
  }
}
