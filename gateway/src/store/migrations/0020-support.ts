import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { widenCheck } from './widen-check'
import { idColumn } from './columns'

// Written out rather than imported: a shipped migration must not change when the list grows.
const OLD_KINDS = `kind in ('id_front', 'id_back', 'voucher')`
/** `support`: a photo attached to a customer-service message. */
const NEW_KINDS = `kind in ('id_front', 'id_back', 'voucher', 'support')`

async function allowSupportUploads(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await widenCheck(db, kind, {
    table: 'uploads',
    constraint: 'uploads_kind_known',
    from: OLD_KINDS,
    to: NEW_KINDS,
  })
}

/**
 * Customer service: a user's conversations with the back office. A thread is `open` (waiting for
 * an operator), `answered` (an operator wrote last) or `closed`; `unread` counts the operator
 * messages the user has not opened. Each message is the user's or an operator's (named, for the
 * trail), with text and an optional photo the user uploaded.
 */
export function support(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await allowSupportUploads(db, kind)
      await db.schema
        .createTable('support_threads')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('last_text', 'text', (c) => c.notNull())
        .addColumn('last_author', 'text', (c) => c.notNull())
        .addColumn('unread', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_by', 'text')
        .addCheckConstraint(
          'support_threads_status_known',
          sql`status in ('open', 'answered', 'closed')`,
        )
        .addCheckConstraint(
          'support_threads_author_known',
          sql`last_author in ('user', 'operator')`,
        )
        .addCheckConstraint('support_threads_unread', sql`unread >= 0`)
        .execute()
      await db.schema
        .createIndex('support_threads_user')
        .on('support_threads')
        .columns(['user_id', 'updated_at'])
        .execute()
      await db.schema
        .createIndex('support_threads_status')
        .on('support_threads')
        .columns(['status', 'updated_at'])
        .execute()

      await db.schema
        .createTable('support_messages')
        .addColumn('id', ...idColumn(kind))
        .addColumn('thread_id', 'bigint', (c) => c.notNull().references('support_threads.id'))
        .addColumn('author', 'text', (c) => c.notNull())
        // The operator's name (X-Operator) for the trail; never shown to the user.
        .addColumn('operator', 'text')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('upload_id', 'text', (c) => c.references('uploads.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('support_messages_author_known', sql`author in ('user', 'operator')`)
        .addCheckConstraint(
          'support_messages_not_empty',
          sql`length(text) > 0 or upload_id is not null`,
        )
        .addCheckConstraint(
          'support_messages_operator_named',
          sql`(author = 'operator') = (operator is not null)`,
        )
        .execute()
      await db.schema
        .createIndex('support_messages_thread')
        .on('support_messages')
        .columns(['thread_id', 'id'])
        .execute()
    },
  }
}
