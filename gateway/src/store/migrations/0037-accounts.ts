import { sql, type Kysely, type Migration } from 'kysely'

/**
 * Accounts (issue 36 point 3). `tax_accounts`: the user's taxable kind once chosen (no row: 特定口座
 * 源泉徴収あり). `nisa_accounts`: one NISA account per user, its growth frame's figures as of
 * `year` (shared/tax/nisa.ts `NisaRoom`) for what has filled and sold. Every holding and order
 * knows its account (`orders.account` is 0028's); a working NISA buy keeps the room it reserves
 * on its order, so that ending the order (cancel, lapse, refusal) gives it back by itself.
 */
export function holdingAccounts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tax_accounts')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('tokutei_withholding', 'tokutei', 'ippan')`),
        )
        .addColumn('chosen_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('nisa_accounts')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('year', 'bigint', (c) => c.notNull())
        .addColumn('growth_used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('lifetime_used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('growth_lifetime_used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('returns_next_year', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('growth_returns_next_year', 'bigint', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint(
          'nisa_accounts_sane',
          sql`growth_used >= 0 and returns_next_year >= 0 and growth_returns_next_year >= 0
            and growth_lifetime_used <= lifetime_used`,
        )
        .execute()
      await db.schema
        .alterTable('holdings')
        .addColumn('account', 'text', (c) =>
          c
            .notNull()
            .defaultTo('taxable')
            .check(sql`account in ('taxable', 'nisa')`),
        )
        .execute()
      await db.schema
        .alterTable('orders')
        .addColumn('nisa_reserved', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
