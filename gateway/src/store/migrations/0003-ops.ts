import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/** The audit trail is evidence: the database itself refuses to change or remove a row. */
async function auditAppendOnly(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  if (kind === 'sqlite') {
    for (const verb of ['update', 'delete'] as const) {
      await sql
        .raw(
          `create trigger audit_no_${verb} before ${verb} on audit
           begin select raise(abort, 'audit rows are append-only'); end`,
        )
        .execute(db)
    }
    return
  }
  await sql`
    create function audit_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit rows are append-only'; end $$`.execute(db)
  await sql`
    create trigger audit_no_rewrite before update or delete on audit
    for each row execute function audit_append_only()`.execute(db)
  await sql`
    create trigger audit_no_truncate before truncate on audit
    for each statement execute function audit_append_only()`.execute(db)
}

/** The inbox and the back office's audit trail (issue 3). Rows of `audit` are only ever added. */
export function ops(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('messages')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('read_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      // The inbox reads a user's newest first and counts the unread ones.
      await db.schema
        .createIndex('messages_user_newest')
        .on('messages')
        .columns(['user_id', 'id'])
        .execute()

      await db.schema
        .createTable('audit')
        .addColumn('id', ...idColumn(kind))
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text', (c) => c.notNull())
        .addColumn('after_json', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('audit_target').on('audit').column('target').execute()
      await auditAppendOnly(db, kind)
    },
  }
}
