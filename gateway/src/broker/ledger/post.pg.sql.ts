import { CompiledQuery, type Kysely } from 'kysely'
import pgSql, { join, raw, type Sql } from 'sql-template-tag'
import type { Database } from '../../store/index'
import type { KeyRow } from '../common/idempotency'
import type { AccountKey } from './ledger.sql'

/**
 * A whole ledger transaction as ONE PostgreSQL statement: every balance move, the header and the
 * entries. On PostgreSQL each statement is a round trip, and the house rows stay locked from their
 * update to COMMIT, so five or six statements per posting were most of an order's time (issue 4).
 * SQLite runs in-process and cannot write inside WITH, so it keeps the statement-per-line path.
 *
 * The statement is a chain of data-modifying CTEs, each running only once the step before it
 * moved its row (its guard reads that CTE). That pins the lock order to the order of the steps and
 * stops at the first step that cannot go (a debit that would overdraw, a holding that has left the
 * status it was read in), having written nothing. The header and entries are written only when
 * every step moved. A line must not touch a row another line touches (PostgreSQL updates a row
 * at most once per statement): callers pass distinct accounts.
 *
 * The hot commands (a market buy, a whole market sell) add their own row and their idempotency
 * key to the chain, so the command is this one statement and needs no BEGIN or COMMIT either.
 *
 * These statements are written with sql-template-tag, not Kysely's `sql`: it joins the text and
 * numbers the parameters as it goes, where Kysely builds, then walks, a tree of frozen nodes. For
 * this ~2.3 KB chain, building and sending a market buy's statement took ~40 µs of the gateway's
 * one thread with Kysely and ~13 µs with it (a buy and its sell then cost ~0.7 ms in all). The text is
 * the same for every order of a shape, so PostgreSQL still plans it once per connection
 * (store/postgres.ts).
 */
export interface PgLine {
  key: AccountKey
  amount: bigint
}

/** A step's condition: the step before it moved its one row. */
export type Guard = Sql

/** A business write in the chain: a data-modifying statement under `guard`, returning its row's `id`. */
export interface BusinessStep {
  /** 'first': it gates the money (a holding that must still be held); 'last': it follows it. */
  at: 'first' | 'last'
  write: (guard: Guard) => Sql
}

/** The idempotency key row, written as the chain's last step (see idempotentStatement). */
export interface KeyStep extends KeyRow {
  /** The stored answer (fromJson text); answerWithBusinessId for `{ id }` answers. */
  result: Sql
}

/** The business step's CTE, which the key's answer and the statement's result read. */
const BUSINESS = 'biz'

/** The stored answer `{ id: "<the business row's id>" }` (as toJson writes it), built in SQL. */
export const answerWithBusinessId = pgSql`'{"id":"' || (select id from ${raw(BUSINESS)}) || '"}'`

const bigint = (value: bigint | number | null) => pgSql`cast(${value} as bigint)`

// CTE names are this file's own (l0, l1, biz): plain identifiers, written as they are.
const movedOne = (name: string): Guard => pgSql`(select count(*) from ${raw(name)}) = 1`

/** A user debit: only while the balance stays at or above zero (as in debitUser). */
function debit({ key, amount }: PgLine, guard: Guard): Sql {
  return pgSql`update ledger_accounts set balance = balance + ${bigint(amount)}
    where user_id = ${bigint(key.userId)} and book = ${key.book} and currency = ${key.currency}
      and balance + ${bigint(amount)} >= 0 and ${guard}
    returning id, balance`
}

/** A credit to a user's book or any move of a house book, creating the account (as addToAccount). */
function upsert({ key, amount }: PgLine, guard: Guard, now: number): Sql {
  const target =
    key.userId === null
      ? pgSql`(book, currency, shard) where user_id is null`
      : pgSql`(user_id, book, currency) where user_id is not null`
  return pgSql`insert into ledger_accounts (user_id, book, currency, shard, balance, created_at)
    select ${bigint(key.userId)}, ${key.book}, ${key.currency}, ${bigint(key.shard)},
      ${bigint(amount)}, ${bigint(now)}
    where ${guard}
    on conflict ${target} do update set balance = ledger_accounts.balance + excluded.balance
    returning id, balance`
}

/**
 * Posts `lines` (distinct accounts, in lock order) under a new header, with the business step and
 * key row when given. Returns the header's id and the business row's id, or undefined when a step
 * could not go (then nothing was written). A key that exists already fails the statement with
 * PostgreSQL's unique violation on `idempotency_keys_pk`, which also undoes every step.
 */
export async function postInOneStatement(
  db: Kysely<Database>,
  header: { kind: string; userId: bigint | null; orderNo: string; now: number },
  lines: readonly PgLine[],
  extra: { business?: BusinessStep; key?: KeyStep } = {},
): Promise<{ txId: bigint; businessId: bigint | null } | undefined> {
  const steps: Sql[] = []
  let guard: Guard = pgSql`true`
  const add = (name: string, write: Sql) => {
    steps.push(pgSql`${raw(name)} as (${write})`)
    guard = movedOne(name)
  }
  const { business, key } = extra
  if (business?.at === 'first') add(BUSINESS, business.write(guard))
  lines.forEach((line, i) => {
    const userDebit = line.key.userId !== null && line.amount < 0n
    add(`l${i}`, userDebit ? debit(line, guard) : upsert(line, guard, header.now))
  })
  if (business?.at === 'last') add(BUSINESS, business.write(guard))
  const moved = join(
    lines.map(
      (line, i) =>
        pgSql`select ${raw(String(i))} as n, id, balance, ${bigint(line.amount)} as amount from ${raw(`l${i}`)}`,
    ),
    ' union all ',
  )
  const keyRow = key
    ? pgSql`, k as (
      insert into idempotency_keys (user_id, scope, idem, body_hash, result, created_at)
      select ${bigint(key.userId)}, ${key.scope}, ${key.idem}, ${key.bodyHash}, ${key.result},
        ${bigint(key.createdAt)}
      from t
      returning idem
    )`
    : pgSql``
  const statement = pgSql`
    with ${join(steps)},
    t as (
      insert into ledger_transactions (kind, user_id, order_no, created_at)
      select ${header.kind}, ${bigint(header.userId)}, ${header.orderNo}, ${bigint(header.now)}
      where ${guard}
      returning id
    ),
    e as (
      insert into ledger_entries (tx_id, account_id, amount, balance_after)
      select t.id, l.id, l.amount, l.balance from t cross join (${moved}) l order by l.n
      returning tx_id
    )${keyRow}
    select (select count(*) from e) as entries, (select id from t) as tx_id,
      ${business ? pgSql`(select id from ${raw(BUSINESS)})` : pgSql`cast(null as bigint)`} as business_id`
  const { rows } = await db.executeQuery<{
    entries: bigint
    tx_id: bigint | null
    business_id: bigint | null
  }>(CompiledQuery.raw(statement.text, statement.values))
  const row = rows[0]
  if (!row || row.tx_id === null) return undefined
  if (row.entries !== BigInt(lines.length))
    throw new Error('ledger posting wrote only some entries')
  return { txId: row.tx_id, businessId: row.business_id }
}
