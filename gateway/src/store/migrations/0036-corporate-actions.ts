import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'
import { widenCheck } from './widen-check'

// Written out rather than imported: a shipped migration must not change when the list grows.
const OLD_BOOKS = `(user_id is not null and book in ('available','frozen','borrowed','product','intraday','credit'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans','credit'))`
/** The house's `tax`: Japanese tax withheld from dividends, owed to the tax office. */
const NEW_BOOKS = `(user_id is not null and book in ('available','frozen','borrowed','product','intraday','credit'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans','credit','tax'))`

/**
 * Corporate actions reaching holders (issue 36). `corporate_action_steps` is the done-marker of
 * each step of each action (a split applied, a dividend's holders of record written, a dividend
 * paid), written in the transaction of its effect: a second pass or a second gateway finds it and
 * does nothing. `dividends`: one row per action, user and side, expected from the record and paid
 * on the payment date. `holding_splits`: what a split did to each holding, the holding's note.
 */
export function corporateActions(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await widenCheck(db, kind, {
        table: 'ledger_accounts',
        constraint: 'ledger_accounts_book_known',
        from: OLD_BOOKS,
        to: NEW_BOOKS,
      })
      await db.schema
        .createTable('corporate_action_steps')
        .addColumn('step', 'text', (c) => c.primaryKey())
        .addColumn('rows', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('dividends')
        .addColumn('id', ...idColumn(kind))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('side', 'text', (c) => c.notNull().check(sqlIn('side', ['long', 'short'])))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('record_date', 'text', (c) => c.notNull())
        .addColumn('pay_date', 'text', (c) => c.notNull())
        .addColumn('shares', 'bigint', (c) => c.notNull())
        .addColumn('cash_per_share', 'bigint', (c) => c.notNull())
        .addColumn('gross', 'bigint', (c) => c.notNull())
        .addColumn('withheld_foreign', 'bigint', (c) => c.notNull())
        .addColumn('withheld_national', 'bigint', (c) => c.notNull())
        .addColumn('withheld_local', 'bigint', (c) => c.notNull())
        .addColumn('net', 'bigint', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sqlIn('status', ['expected', 'paid'])),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addUniqueConstraint('dividends_action_user_side', ['action', 'user_id', 'side'])
        .execute()
      await db.schema
        .createIndex('dividends_user_pay')
        .on('dividends')
        .columns(['user_id', 'pay_date'])
        .execute()
      await db.schema
        .createIndex('dividends_due')
        .on('dividends')
        .columns(['status', 'pay_date'])
        .execute()
      await db.schema
        .createTable('holding_splits')
        .addColumn('holding_id', 'bigint', (c) => c.notNull().references('holdings.id'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('ex_date', 'text', (c) => c.notNull())
        .addColumn('ratio', 'text', (c) => c.notNull())
        .addColumn('shares_before', 'bigint', (c) => c.notNull())
        .addColumn('shares_after', 'bigint', (c) => c.notNull())
        .addColumn('cash_in_lieu', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('holding_splits_pk', ['holding_id', 'action'])
        .execute()
      await db.schema
        .createIndex('holding_splits_user')
        .on('holding_splits')
        .columns(['user_id', 'ex_date'])
        .execute()
    },
  }
}

const sqlIn = (column: string, values: string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`)
