import type { Kysely, Migration } from 'kysely'

/**
 * A holding's side (issue 35): `long` for shares owned, `short` for shares borrowed and sold (信用
 * 売建), which a buy-to-cover closes. Every row before it is long.
 */
export function shortSide(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('holdings')
        .addColumn('side', 'text', (c) => c.notNull().defaultTo('long'))
        .execute()
    },
  }
}
