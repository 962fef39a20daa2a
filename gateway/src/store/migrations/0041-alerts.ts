import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Price alerts (issue 37). `value` is a price or a percentage in 1/10,000 units, or a volume in
 * shares. A one-shot alert moves `active` → `triggered` once; a repeating one stays `active` and
 * drops `armed` to 0 when it fires, back to 1 once its condition was false: both moves are
 * conditional UPDATEs, so a restart or a second leader never fires one crossing twice. A deleted
 * alert keeps its row (`deleted_at`) so the leader's index, which reads the rows changed since its
 * last pass (`alerts_changes`), hears of the deletion as it hears of an add made on any gateway.
 */
export function alerts(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alerts')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addColumn('repeat', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('armed', 'bigint', (c) => c.notNull().defaultTo(1))
        .addColumn('fired', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('fired_price', 'bigint')
        .addColumn('fired_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .addCheckConstraint(
          'alerts_kind_known',
          sql`kind in ('price_above', 'price_below', 'change_pct_up', 'change_pct_down', 'volume_above')`,
        )
        .addCheckConstraint('alerts_status_known', sql`status in ('active', 'triggered', 'paused')`)
        .addCheckConstraint('alerts_value_positive', sql`value > 0`)
        .addCheckConstraint('alerts_flags', sql`repeat in (0, 1) and armed in (0, 1)`)
        .execute()
      await db.schema.createIndex('alerts_user').on('alerts').columns(['user_id', 'id']).execute()
      await db.schema.createIndex('alerts_changes').on('alerts').column('updated_at').execute()
    },
  }
}
