import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Identity verification, uploaded photos, fund-password throttling and bank cards. Partial unique
 * indexes carry two rules the services also check, so a race cannot break them: one open (pending
 * or approved) identity request per user, and one live copy of a bank account per user.
 */
export function identity(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addColumn('width', 'bigint', (c) => c.notNull())
        .addColumn('height', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('uploads_kind_known', sql`kind in ('id_front', 'id_back', 'voucher')`)
        .execute()
      await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute()

      await db.schema
        .createTable('identity_requests')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('doctype', 'text', (c) => c.notNull())
        .addColumn('idnumber_sealed', 'text', (c) => c.notNull())
        .addColumn('idnumber_last4', 'text', (c) => c.notNull())
        .addColumn('front_upload', 'text', (c) => c.notNull().references('uploads.id'))
        .addColumn('back_upload', 'text', (c) => c.notNull().references('uploads.id'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('reason', 'text')
        .addColumn('operator', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addCheckConstraint(
          'identity_requests_status_known',
          sql`status in ('pending', 'approved', 'rejected')`,
        )
        .execute()
      await db.schema
        .createIndex('identity_requests_one_open')
        .on('identity_requests')
        .column('user_id')
        .unique()
        .where(sql.ref('status'), 'in', ['pending', 'approved'])
        .execute()
      await db.schema
        .createIndex('identity_requests_status')
        .on('identity_requests')
        .columns(['status', 'id'])
        .execute()

      await db.schema
        .createTable('fund_password_failures')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('fund_password_failures_user')
        .on('fund_password_failures')
        .columns(['user_id', 'at'])
        .execute()

      await db.schema
        .createTable('bank_cards')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('bank_code', 'text', (c) => c.notNull())
        .addColumn('branch_name', 'text', (c) => c.notNull())
        .addColumn('branch_code', 'text', (c) => c.notNull())
        .addColumn('account_type', 'text', (c) => c.notNull())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .addCheckConstraint(
          'bank_cards_account_type_known',
          sql`account_type in ('ordinary', 'current', 'savings')`,
        )
        .execute()
      await db.schema
        .createIndex('bank_cards_one_live')
        .on('bank_cards')
        .columns(['user_id', 'bank_code', 'branch_code', 'account_type', 'account_number'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute()
    },
  }
}
