import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault } from './columns'

/** Tables of migration 0008-news. Integers are bigint in JS on both stores (see ../schema.ts). */

/** One article; `simulated` and `published` are 0/1. */
export interface NewsTable {
  id: GeneratedAlways<bigint>
  category: string
  code: string | null
  source: string
  simulated: IntDefault
  /** `<kind>:<code>:<trading day>` for market events; null for an operator's article. */
  dedupe_key: string | null
  /** The operator who published it. */
  created_by: string | null
  title_ja: string
  title_zh: string
  title_en: string
  summary_ja: string
  summary_zh: string
  summary_en: string
  body_ja: string
  body_zh: string
  body_en: string
  published: IntDefault
  created_at: Int
}

export interface NewsTables {
  news: NewsTable
}
