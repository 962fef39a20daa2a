import type { Kysely, Migration } from 'kysely'

/**
 * The watchlist's own order (`/trade/selfsort`): `position` ascending, lowest first. Rows that
 * existed before keep 0 and so keep their old newest-first order (the list breaks ties by
 * created_at); a new entry goes above the lowest position, at the top.
 */
export function watchlistOrder(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('watchlist')
        .addColumn('position', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .createIndex('watchlist_order')
        .on('watchlist')
        .columns(['user_id', 'market', 'position'])
        .execute()
    },
  }
}
