import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * The back office's people (issue 17): operator accounts with a role, kept apart from customers'
 * `users` so no customer route can ever see or log in as one; their sessions; the approvals of a
 * four-eyes review (one row per request and approver, so the same person cannot count twice); and
 * the operator's id on each audit row (null for the script token and the automatic policy).
 */
export function operators(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operators')
        .addColumn('id', ...idColumn(kind))
        .addColumn('login', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('reviewer', 'admin')`))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('disabled', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('operator_sessions')
        .addColumn('id', ...idColumn(kind))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()

      await db.schema
        .createTable('review_approvals')
        .addColumn('id', ...idColumn(kind))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('request_id', 'bigint', (c) => c.notNull())
        .addColumn('approver', 'text', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('review_approvals_once', ['kind', 'request_id', 'approver'])
        .execute()

      await db.schema.alterTable('audit').addColumn('operator_id', 'bigint').execute()
    },
  }
}
