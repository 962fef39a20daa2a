import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../store/index'
import type { AccountKey } from './ledger.sql'

/**
 * A whole ledger transaction as ONE PostgreSQL statement: every balance move, the header and the
 * entries. On PostgreSQL each statement is a round trip, and the house rows stay locked from their
 * update to COMMIT, so five or six statements per posting were most of an order's time (issue 4).
 * SQLite runs in-process and cannot write inside WITH, so it keeps the statement-per-line path.
 *
 * Each line is a data-modifying CTE that only runs once the line before it moved a row (its
 * one-time filter reads that CTE), which pins the lock order to the order of `lines` and stops at
 * the first user debit that would overdraw, having written nothing. The header and entries are
 * written only when every line moved. A line's CTE must not touch a row another line touches
 * (PostgreSQL updates a row at most once per statement): callers pass distinct accounts.
 */
export interface PgLine {
  key: AccountKey
  amount: bigint
}

const bigint = (value: bigint | number | null) => sql`cast(${value} as bigint)`

/** The previous line's CTE moved its row: the guard that orders the lines and stops on refusal. */
const after = (i: number) =>
  i === 0 ? sql`true` : sql`(select count(*) from ${sql.ref(`l${i - 1}`)}) = 1`

/** A user debit: only while the balance stays at or above zero (as in debitUser). */
function debit(line: PgLine, i: number): RawBuilder<unknown> {
  const { key, amount } = line
  return sql`update ledger_accounts set balance = balance + ${bigint(amount)}
    where user_id = ${bigint(key.userId)} and book = ${key.book} and currency = ${key.currency}
      and balance + ${bigint(amount)} >= 0 and ${after(i)}
    returning id, balance`
}

/** A credit to a user's book or any move of a house book, creating the account (as addToAccount). */
function upsert(line: PgLine, i: number, now: number): RawBuilder<unknown> {
  const { key, amount } = line
  const target =
    key.userId === null
      ? sql`(book, currency, shard) where user_id is null`
      : sql`(user_id, book, currency) where user_id is not null`
  return sql`insert into ledger_accounts (user_id, book, currency, shard, balance, created_at)
    select ${bigint(key.userId)}, ${key.book}, ${key.currency}, ${bigint(key.shard)},
      ${bigint(amount)}, ${bigint(now)}
    where ${after(i)}
    on conflict ${target} do update set balance = ledger_accounts.balance + excluded.balance
    returning id, balance`
}

/**
 * Posts `lines` (distinct accounts, in lock order) under a new header. Returns the header's id,
 * or undefined when a user debit would overdraw (then nothing was written).
 */
export async function postInOneStatement(
  db: Kysely<Database>,
  header: { kind: string; userId: bigint | null; orderNo: string; now: number },
  lines: readonly PgLine[],
): Promise<bigint | undefined> {
  const moves = lines.map((line, i) => {
    const move =
      line.key.userId !== null && line.amount < 0n ? debit(line, i) : upsert(line, i, header.now)
    return sql`${sql.ref(`l${i}`)} as (${move})`
  })
  const moved = sql.join(
    lines.map(
      (line, i) =>
        sql`select ${sql.lit(i)} as n, id, balance, ${bigint(line.amount)} as amount from ${sql.ref(`l${i}`)}`,
    ),
    sql` union all `,
  )
  const { rows } = await sql<{ tx_id: bigint }>`with ${sql.join(moves)},
    t as (
      insert into ledger_transactions (kind, user_id, order_no, created_at)
      select ${header.kind}, ${bigint(header.userId)}, ${header.orderNo}, ${bigint(header.now)}
      where ${after(lines.length)}
      returning id
    )
    insert into ledger_entries (tx_id, account_id, amount, balance_after)
    select t.id, l.id, l.amount, l.balance from t cross join (${moved}) l order by l.n
    returning tx_id`.execute(db)
  if (rows.length === 0) return undefined
  if (rows.length !== lines.length) throw new Error('ledger posting wrote only some entries')
  return rows[0]?.tx_id
}
