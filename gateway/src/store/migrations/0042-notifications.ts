import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

// Written out rather than imported: a shipped migration must not change when the lists grow.
const KINDS = ['fills', 'alerts', 'ipo', 'margin', 'dividends', 'messages']
const sqlIn = (column: string, values: string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`)

/**
 * Notifications (issue 37). `notifications`: one record per notifiable event, its text a topic of
 * the gateway's table and its parameters, rendered in the language asked for. `notify_settings`:
 * only the switches a user changed (everything is on by default); `notify_quiet`: the user's quiet
 * hours. `push_subscriptions`: one row per device, its endpoint unique (a device handed to another
 * login moves with it). `vapid_keys`: the one VAPID key pair every gateway of the deployment signs
 * with, made by whichever gateway starts first (insert-if-absent on the fixed id 1).
 */
export function notifications(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', KINDS)))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('read', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('notifications_user')
        .on('notifications')
        .columns(['user_id', 'id'])
        .execute()
      await db.schema
        .createTable('notify_settings')
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', KINDS)))
        .addColumn('channel', 'text', (c) => c.notNull().check(sqlIn('channel', ['app', 'push'])))
        .addColumn('enabled', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notify_settings_pk', ['user_id', 'kind', 'channel'])
        .execute()
      await db.schema
        .createTable('notify_quiet')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
        .addColumn('quiet', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('push_subscriptions_user')
        .on('push_subscriptions')
        .column('user_id')
        .execute()
      await db.schema
        .createTable('vapid_keys')
        .addColumn('id', 'bigint', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
    },
  }
}
