import type { Kysely, Migration } from 'kysely'

/**
 * An offer an operator withdrew before listing (上場中止): when, why (shown to the users) and by
 * whom. Its applications awaiting the draw, won or paid became status 5 (failed) and their money
 * returned in the same transaction (broker/ipo/withdraw.ts).
 */
export function ipoWithdrawn(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ipo_offers').addColumn('withdrawn_at', 'bigint').execute()
      await db.schema.alterTable('ipo_offers').addColumn('withdrawn_reason', 'text').execute()
      await db.schema.alterTable('ipo_offers').addColumn('withdrawn_by', 'text').execute()
    },
  }
}
