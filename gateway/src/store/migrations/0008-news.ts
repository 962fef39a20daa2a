import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * News articles: written by the simulator's event feed or by an operator, each in the three
 * interface languages. `dedupe_key` (market events only) makes "one article per code, event kind
 * and trading day" a fact of the store, across restarts and racing writers.
 */
export function news(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let table = db.schema
        .createTable('news')
        .addColumn('id', ...idColumn(kind))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('simulated', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('created_by', 'text')
      for (const part of ['title', 'summary', 'body']) {
        for (const lang of ['ja', 'zh', 'en']) {
          table = table.addColumn(`${part}_${lang}`, 'text', (c) => c.notNull())
        }
      }
      await table
        .addColumn('published', 'bigint', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'news_category_known',
          sql`category in ('market', 'stock', 'corporate', 'index', 'notice')`,
        )
        .addCheckConstraint('news_source_known', sql`source in ('simulator', 'operator')`)
        .addCheckConstraint('news_published_flag', sql`published in (0, 1)`)
        .execute()
      // The list: published articles, newest first, optionally of one category.
      await db.schema
        .createIndex('news_list')
        .on('news')
        .columns(['published', 'category', 'created_at', 'id'])
        .execute()
      await db.schema
        .createIndex('news_newest')
        .on('news')
        .columns(['published', 'created_at', 'id'])
        .execute()
    },
  }
}
