import { sql, type Kysely, type Migration } from 'kysely'

/**
 * When a resting sell was placed. The matcher fills resting orders against prints that arrived
 * while it was busy; a print from before an order existed must not fill it (a buy has created_at
 * for that). Sells resting before this migration take their row's created_at: every later print
 * counts for them, as it always did.
 */
export function sellOrderedAt(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('holdings').addColumn('sell_ordered_at', 'bigint').execute()
      await sql`update holdings set sell_ordered_at = created_at where sell_price is not null`.execute(
        db,
      )
    },
  }
}
