import type { Kysely, Migration } from 'kysely'

/**
 * The leader holds resting stops in memory (trading/trigger-index.ts) and learns of the ones any
 * gateway placed, amended or ended by reading the stop orders changed since its last pass: this
 * index keeps that read to the changed rows.
 */
export function orderTriggers(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('orders_trigger_changes')
        .on('orders')
        .columns(['kind', 'updated_at'])
        .execute()
    },
  }
}
