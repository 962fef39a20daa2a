import type { Kysely, Migration } from 'kysely'

/**
 * A holding's exact cost when it is not its buy price × shares: a buy filled in parts at different
 * prices (issue 35) shows the average price, rounded to the unit, and keeps what was paid here, so
 * that its P/L and every split of it add up to the ledger. Null on every other holding.
 */
export function holdingCost(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('holdings').addColumn('buy_cost', 'bigint').execute()
    },
  }
}
