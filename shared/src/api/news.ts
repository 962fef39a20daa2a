import { z } from 'zod'
import type { LocalName } from '../market/types'

/**
 * The news contract: `/news/list` and `/news/info` on /api/vue (form fields), and the back office's
 * `GET|POST /api/ops/news`, `DELETE /api/ops/news/:id` (JSON). Every article carries its title and
 * text in the three interface languages, whether the simulator wrote it or an operator did, so the
 * client only picks the reader's language.
 */

export const NEWS_CATEGORIES = ['market', 'stock', 'corporate', 'index', 'notice'] as const
export type NewsCategory = (typeof NEWS_CATEGORIES)[number]

export const NEWS_SOURCES = ['simulator', 'operator'] as const
export type NewsSource = (typeof NEWS_SOURCES)[number]

/** Articles per page of `/news/list`. */
export const NEWS_PAGE_SIZE = 20

/** A text in the three interface languages (the same shape as a listing's name). */
export type LocalText = LocalName

const idField = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,18}$/, 'invalid_input')

const pageField = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,5}$/, 'invalid_input')
  .transform(Number)
  .default(1)

/** `/news/list`: page (from 1), category (absent or empty: every category). */
export const newsListRequest = z.object({
  page: pageField,
  category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NEWS_CATEGORIES).optional()),
})

/** `/news/info` */
export const newsInfoRequest = z.object({ id: idField })

/** One line of the list: everything but the body. */
export interface NewsItem {
  id: string
  category: NewsCategory
  /** The stock or index the article is about, when there is one. */
  code: string | null
  source: NewsSource
  /** Written from simulated market data: the client labels it so. */
  simulated: boolean
  title: LocalText
  summary: LocalText
  /** Epoch milliseconds. */
  created: number
}

export interface NewsPage {
  list: NewsItem[]
  /** Published articles in this category (all categories when none was asked for). */
  total: number
}

/** `data` of `/news/info`. */
export interface NewsArticle extends NewsItem {
  body: LocalText
}

// PostgreSQL cannot store NUL in text, and no article has a use for it.
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'invalid_input')

const localText = (max: number) => z.object({ ja: text(max), zh: text(max), en: text(max) })

/**
 * `POST /api/ops/news`: an operator's article, in all three languages. `summary` defaults to the
 * body's first line in the list.
 */
export const opsNewsBody = z.object({
  category: z.enum(NEWS_CATEGORIES),
  code: z
    .string()
    .regex(/^[0-9A-Za-z.]{1,12}$/, 'invalid_input')
    .optional(),
  title: localText(200),
  summary: localText(500).optional(),
  body: localText(20_000),
})
export type OpsNews = z.infer<typeof opsNewsBody>

/** `GET /api/ops/news?page=` (every article, published or not, newest first). */
export const opsNewsQuery = z.object({ page: pageField })

/** `DELETE /api/ops/news/:id`: unpublish. */
export const opsNewsTarget = z.object({ id: idField })
