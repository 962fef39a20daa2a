import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'

/**
 * The user's own freeze of withdrawals and/or trading (the trust panel, issue 17): one row per user
 * and scope while it holds, with when it began (the cooling-off period before it can be lifted runs
 * from there). Lifting deletes the row; the audit trail keeps both moves.
 */
export function selfFreezes(_kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('self_freezes')
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('withdraw', 'trading')`))
        .addColumn('frozen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('self_freezes_pk', ['user_id', 'scope'])
        .execute()
      // Medians of paid withdrawals over 30 days read approved rows by decision time.
      await db.schema
        .createIndex('withdrawals_decided')
        .on('withdrawals')
        .columns(['status', 'decided_at'])
        .execute()
    },
  }
}
