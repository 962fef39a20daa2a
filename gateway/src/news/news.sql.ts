import type { Kysely, Selectable } from 'kysely'
import type { NewsCategory } from '@kabu/shared/api/news'
import type { Database } from '../store/index'
import type { NewsTable } from '../store/schema/news'
import type { DraftArticle } from './generator'

/** The news table's queries. Readers see published articles only; the back office sees all. */

type Db = Kysely<Database>
export type NewsRow = Selectable<NewsTable>

/** An article as the store takes it, from the feed or from an operator. */
export interface NewArticle extends Omit<DraftArticle, 'code' | 'dedupeKey'> {
  code: string | null
  dedupeKey: string | null
  source: 'simulator' | 'operator'
  createdBy: string | null
}

const valuesOf = (a: NewArticle) => ({
  category: a.category,
  code: a.code,
  source: a.source,
  simulated: a.simulated ? 1 : 0,
  dedupe_key: a.dedupeKey,
  created_by: a.createdBy,
  title_ja: a.title.ja,
  title_zh: a.title.zh,
  title_en: a.title.en,
  summary_ja: a.summary.ja,
  summary_zh: a.summary.zh,
  summary_en: a.summary.en,
  body_ja: a.body.ja,
  body_zh: a.body.zh,
  body_en: a.body.en,
  created_at: a.created,
})

/**
 * Writes articles, skipping any whose dedupe key is already stored (another gateway, or an
 * earlier run of this one, told that event). Returns how many were new.
 */
export async function insertArticles(db: Db, articles: readonly NewArticle[]): Promise<number> {
  if (articles.length === 0) return 0
  const rows = await db
    .insertInto('news')
    .values(articles.map(valuesOf))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute()
  return rows.length
}

export async function insertArticle(db: Db, article: NewArticle): Promise<bigint> {
  const row = await db
    .insertInto('news')
    .values(valuesOf(article))
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

function published(db: Db, category: NewsCategory | undefined) {
  let query = db.selectFrom('news').where('published', '=', 1n)
  if (category) query = query.where('category', '=', category)
  return query
}

export function pageOfArticles(
  db: Db,
  category: NewsCategory | undefined,
  offset: number,
  limit: number,
) {
  return published(db, category)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

export async function countArticles(db: Db, category: NewsCategory | undefined) {
  const row = await published(db, category)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findPublished(db: Db, id: bigint) {
  return published(db, undefined).selectAll().where('id', '=', id).executeTakeFirst()
}

/** The back office's view: every article, published or not, newest first. */
export function pageOfAll(db: Db, offset: number, limit: number) {
  return db
    .selectFrom('news')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

export function findAny(db: Db, id: bigint) {
  return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function unpublish(db: Db, id: bigint): Promise<boolean> {
  const result = await db
    .updateTable('news')
    .set({ published: 0 })
    .where('id', '=', id)
    .where('published', '=', 1n)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
