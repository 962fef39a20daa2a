import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'

type Db = Kysely<Database>

/**
 * Users' lines as a query: a SELECT of the columns `user_id`, `book`, `currency`, `amount`, one row
 * per line, naming each user account at most once. Lines of zero are left out (the ledger records
 * none).
 */
export type SelectedLines = RawBuilder<unknown>

/** The lines of `l`, the selected users' lines, without the zero ones. */
const withLines = (lines: SelectedLines) =>
  sql`with l as (select * from (${lines}) s where amount <> 0)`

/** Joins `l` to its account by the user's book's natural key (their unique index). */
const sameAccount = sql`a.user_id = l.user_id and a.book = l.book and a.currency = l.currency`

/** What the selected lines add up to, per currency: the house's lines must be the opposite. */
export async function selectedTotals(db: Db, lines: SelectedLines): Promise<Map<Currency, bigint>> {
  const { rows } = await sql<{ currency: Currency; total: bigint }>`${withLines(lines)}
    select currency, cast(sum(amount) as bigint) as total from l group by currency`.execute(db)
  return new Map(rows.map((r) => [r.currency, BigInt(r.total)]))
}

const isNegativeBalance = (error: unknown) =>
  error instanceof Error && /ledger_accounts_user_not_negative/.test(error.message)

/**
 * Moves the users' books of a posting whose lines come from a query (an IPO draw refunds every
 * application: 200,000 lines), in a fixed handful of set-based statements that never bring the
 * lines into JavaScript: accounts the lines name for the first time are created (a debit of one
 * then fails like any overdraft), PostgreSQL locks the rows in the ledger's lock order (by user,
 * book, currency), one UPDATE moves every balance and one INSERT…SELECT writes every entry with
 * the balance after it. The store's CHECK that a user's book never goes below zero is what refuses
 * an overdraft here: Refusal('insufficient_balance'), and the caller's transaction rolls back.
 * Two lines on one account would make the UPDATE move it once: the counts differ, and the
 * posting fails as the bug it is. Returns how many lines were posted.
 */
export async function moveSelected(
  db: Db,
  lines: SelectedLines,
  to: { txId: bigint; now: number; postgres: boolean },
): Promise<number> {
  const l = withLines(lines)
  await sql`${l} insert into ledger_accounts (user_id, book, currency, shard, balance, created_at)
    select l.user_id, l.book, l.currency, 0, 0, ${to.now} from l
    where not exists (select 1 from ledger_accounts a where ${sameAccount})
    on conflict (user_id, book, currency) where user_id is not null do nothing`.execute(db)
  if (to.postgres) {
    await sql`${l} select count(*) from (select a.id from ledger_accounts a join l on ${sameAccount}
      order by a.user_id, a.book collate "C", a.currency collate "C" for update of a) locked`.execute(
      db,
    )
  }
  let moved: bigint
  try {
    const update = await sql`${l} update ledger_accounts as a set balance = a.balance + l.amount
      from l where ${sameAccount}`.execute(db)
    moved = update.numAffectedRows ?? 0n
  } catch (error) {
    if (isNegativeBalance(error)) throw new Refusal('insufficient_balance')
    throw error
  }
  // After the UPDATE, so each entry's balance after is the account's new balance.
  const written =
    await sql`${l} insert into ledger_entries (tx_id, account_id, amount, balance_after)
    select ${to.txId}, a.id, l.amount, a.balance from l join ledger_accounts a on ${sameAccount}`.execute(
      db,
    )
  if (written.numAffectedRows !== moved) {
    throw new Error(
      `selected lines name an account twice: ${written.numAffectedRows} lines, ${moved} accounts`,
    )
  }
  return Number(moved)
}
