import type { Kysely, Migration } from 'kysely'

/**
 * `users.tax_seq`: moved by every write of the user's tax year (a sale's event, a dividend's
 * withholding). A sale computed from a read made before its statement (the one-statement taxable
 * sale on PostgreSQL) goes through only while the number it read still stands.
 */
export function taxSeq(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('tax_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
