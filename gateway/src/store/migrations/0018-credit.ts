import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Stock credit (信用取引): a holding bought on credit carries its leverage, the user's original
 * margin, the trust funds added since, the debt (what the house's credit book lent plus accrued
 * interest) and a margin call's deadline; `credit_accruals` makes each day's interest once per
 * holding whatever runs it; `credit_requests` are `/trade/ustocks` trust funds waiting for review
 * (kind `credit`) with their cash frozen. Amounts are BIGINT 1/10,000 units, times epoch ms.
 */
export function credit(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('holdings')
        .addColumn('leverage', 'bigint', (c) => c.notNull().defaultTo(1))
        .execute()
      for (const column of ['margin', 'trust_funds', 'credit_debt', 'credit_interest']) {
        await db.schema
          .alterTable('holdings')
          .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
          .execute()
      }
      await db.schema.alterTable('holdings').addColumn('call_deadline', 'bigint').execute()
      await db.schema.alterTable('holdings').addColumn('interest_through', 'text').execute()
      // The credit job's scan: open positions that owe.
      await db.schema
        .createIndex('holdings_credit_open')
        .on('holdings')
        .columns(['status', 'credit_debt'])
        .where(sql.ref('leverage'), '>', 1)
        .execute()

      await db.schema
        .createTable('credit_accruals')
        .addColumn('holding_id', 'bigint', (c) => c.notNull().references('holdings.id'))
        .addColumn('accrual_date', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('credit_accruals_pk', ['holding_id', 'accrual_date'])
        .execute()

      await db.schema
        .createTable('credit_requests')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('holding_id', 'bigint', (c) => c.notNull().references('holdings.id'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('credit', 'bigint', (c) => c.notNull())
        .addColumn('status', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('applied', 'bigint')
        .addColumn('reason', 'text')
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('credit_requests_positive', sql`credit > 0`)
        .execute()
      await db.schema
        .createIndex('credit_requests_user')
        .on('credit_requests')
        .columns(['user_id', 'id'])
        .execute()
      await db.schema
        .createIndex('credit_requests_status')
        .on('credit_requests')
        .columns(['status', 'id'])
        .execute()
    },
  }
}
