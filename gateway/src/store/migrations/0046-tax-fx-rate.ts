import type { Kysely, Migration } from 'kysely'

/**
 * `tax_events.fx_rate`: the yen per unit a foreign listing's sale was netted at (null: a yen
 * event). The yen figures are stored beside it; the rate is kept so the sale's line shows the
 * computation it was taxed by, whatever the FX source's settings become later.
 */
export function taxFxRate(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tax_events').addColumn('fx_rate', 'text').execute()
    },
  }
}
