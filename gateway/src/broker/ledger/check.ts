import type { Kysely } from 'kysely'
import { sumOf, type Database } from '../../store/index'

async function unbalancedTransactions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['e.tx_id', 'a.currency', sumOf('e.amount').as('total')])
    .groupBy(['e.tx_id', 'a.currency'])
    .having(sumOf('e.amount'), '<>', 0n)
    .execute()
  return rows.map((r) => `transaction ${r.tx_id} ${r.currency} entries sum to ${r.total}`)
}

async function unbalancedCurrencies(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['a.currency', sumOf('e.amount').as('total')])
    .groupBy('a.currency')
    .having(sumOf('e.amount'), '<>', 0n)
    .execute()
  return rows.map((r) => `all ${r.currency} entries sum to ${r.total}`)
}

async function emptyTransactions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_transactions as t')
    .leftJoin('ledger_entries as e', 'e.tx_id', 't.id')
    .select('t.id')
    .where('e.id', 'is', null)
    .execute()
  return rows.map((r) => `transaction ${r.id} has no entries`)
}

async function driftedBalances(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .select(['a.id', 'a.balance', sumOf('e.amount').as('total')])
    .groupBy(['a.id', 'a.balance'])
    .having((eb) => eb('a.balance', '<>', sumOf('e.amount')))
    .execute()
  return rows.map((r) => `account ${r.id} balance ${r.balance} but its entries sum to ${r.total}`)
}

async function lastEntryMismatches(db: Kysely<Database>): Promise<string[]> {
  const latest = db
    .selectFrom('ledger_entries')
    .select((eb) => ['account_id', eb.fn.max('id').as('last_id')])
    .groupBy('account_id')
    .as('latest')
  const rows = await db
    .selectFrom(latest)
    .innerJoin('ledger_entries as e', 'e.id', 'latest.last_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['a.id', 'a.balance', 'e.balance_after'])
    .whereRef('a.balance', '<>', 'e.balance_after')
    .execute()
  return rows.map((r) => `account ${r.id} balance ${r.balance}, last entry says ${r.balance_after}`)
}

async function negativeUserBalances(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'book', 'currency', 'balance'])
    .where('user_id', 'is not', null)
    .where('balance', '<', 0n)
    .execute()
  return rows.map(
    (r) => `user ${r.user_id} ${r.book} ${r.currency} (account ${r.id}) is negative: ${r.balance}`,
  )
}

const RULES = [
  unbalancedTransactions,
  unbalancedCurrencies,
  emptyTransactions,
  driftedBalances,
  lastEntryMismatches,
  negativeUserBalances,
]

/**
 * The invariant checker: entries sum to zero per transaction and per currency overall, every
 * transaction has entries, every balance equals the sum of its entries and its last balance_after,
 * and no user balance is negative. Read-only; run it after any test that moves money, and from
 * GET /api/ops/ledger/check.
 */
export async function checkLedger(
  db: Kysely<Database>,
): Promise<{ ok: boolean; violations: string[] }> {
  // One snapshot for all the queries, so money moving meanwhile cannot look like a violation.
  const inspect = async (trx: Kysely<Database>) => {
    const violations: string[] = []
    for (const rule of RULES) violations.push(...(await rule(trx)))
    return { ok: violations.length === 0, violations }
  }
  if (db.isTransaction) return inspect(db)
  return db.transaction().setIsolationLevel('repeatable read').execute(inspect)
}
