import { sql, type Kysely } from 'kysely'
import type { Database } from '../../store/index'
import { rowsTable } from '../../store/rows-parameter'
import type { AccountKey, Moved } from './ledger.sql'

type Db = Kysely<Database>
type UserKey = AccountKey & { userId: bigint }
type UserLine = { key: UserKey; amount: bigint }

// Lines per round. A round's users and new balances travel as array parameters, so the size is
// no longer bound by the stores' parameter limits; it bounds one round's memory and lock batch.
export const BULK_CHUNK = 50_000
const CREATE_CHUNK = 5_000

type Row = { id: bigint; user_id: bigint | null; book: string; currency: string; balance: bigint }

/**
 * A round's rows by user (a user has a few books): found by number, then book and currency,
 * instead of building a text key for every row and line (200,000 lines made that a second).
 */
export class RowsByUser {
  private readonly byUser = new Map<number, Row[]>()
  add(row: Row): void {
    const user = Number(row.user_id)
    const list = this.byUser.get(user)
    if (list) list.push(row)
    else this.byUser.set(user, [row])
  }
  find({ key }: { key: UserKey }): Row | undefined {
    return this.byUser
      .get(Number(key.userId))
      ?.find((r) => r.book === key.book && r.currency === key.currency)
  }
}

/**
 * The rows of the users' books `keys` name (on PostgreSQL locked, FOR UPDATE, in the ledger's lock
 * order: by user, book, currency), creating those in `toCreate` that do not exist yet (a book
 * credited for the first time). The users travel as ONE parameter (a JSON array on SQLite, a
 * bigint array on PostgreSQL), so the statement's text stays the same size whatever their number.
 */
export async function userBookRows(
  db: Db,
  keys: readonly UserKey[],
  toCreate: readonly UserKey[],
  now: number,
  postgres: boolean,
): Promise<RowsByUser> {
  const users = [...new Set(keys.map((k) => String(k.userId)))]
  let read = db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'book', 'currency', 'balance'])
    .where(
      'user_id',
      'in',
      postgres
        ? sql<bigint>`(select unnest(cast(${users} as bigint[])))`
        : sql<bigint>`(select cast(value as integer) from json_each(${JSON.stringify(users)}))`,
    )
    .where('currency', 'in', [...new Set(keys.map((k) => k.currency))])
  if (postgres) {
    read = read
      .orderBy('user_id')
      .orderBy(sql`book collate "C"`)
      .orderBy(sql`currency collate "C"`)
      .forUpdate()
  }
  const rows = new RowsByUser()
  for (const row of await read.execute()) rows.add(row)
  // Usually none: money reached them before.
  const created = toCreate.filter((key) => rows.find({ key }) === undefined)
  // Rows of 6 parameters, CREATE_CHUNK at a time: under SQLite's 32,766 parameters.
  for (let first = 0; first < created.length; first += CREATE_CHUNK) {
    const chunk = created.slice(first, first + CREATE_CHUNK)
    const inserted = await db
      .insertInto('ledger_accounts')
      .values(
        chunk.map((key) => ({
          user_id: key.userId,
          book: key.book,
          currency: key.currency,
          shard: 0n,
          balance: 0n,
          created_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'book', 'currency']).where('user_id', 'is not', null).doNothing(),
      )
      .returning(['id', 'user_id', 'book', 'currency', 'balance'])
      .execute()
    // A book another transaction created meanwhile is not returned: read them all again.
    if (inserted.length < chunk.length) return userBookRows(db, keys, toCreate, now, postgres)
    for (const r of inserted) rows.add(r)
  }
  return rows
}

/**
 * Writes new balances by one UPDATE joined to them, which travel as array parameters: a statement
 * of thousands of VALUES tuples cost more to parse and prepare than to run.
 */
export async function writeBalances(db: Db, moved: readonly Moved[], postgres: boolean) {
  if (moved.length === 0) return
  if (postgres) {
    const ids = moved.map((m) => String(m.id))
    const balances = moved.map((m) => String(m.balance))
    await sql`update ledger_accounts set balance = v.balance
      from unnest(cast(${ids} as bigint[]), cast(${balances} as bigint[])) as v(id, balance)
      where ledger_accounts.id = v.id`.execute(db)
  } else {
    // One json_each of [id, balance] pairs: joining two json_each on their keys would be a
    // nested loop (json_each has no index), quadratic in the round's size.
    // Written as JSON integers straight from the bigints: exact, SQLite reads 64-bit integers.
    const pairs = `[${moved.map((m) => `[${m.id},${m.balance}]`).join(',')}]`
    await sql`update ledger_accounts set balance = json_extract(p.value, '$[1]')
      from json_each(${pairs}) as p
      where ledger_accounts.id = json_extract(p.value, '$[0]')`.execute(db)
  }
}

/**
 * Moves many users' books at once, a round of statements per BULK_CHUNK lines instead of one per
 * line (a draw refunds every application in one transaction: 200,000 lines one by one took ~20 s).
 * The lines name distinct accounts. The rows are read and locked (userBookRows), books credited
 * for the first time are created, every new balance is computed here and written by one UPDATE,
 * as decimal strings or JSON integers, so every amount stays exact. A debit that would take a book
 * below zero, or one never credited, answers undefined and nothing is written; the caller's
 * transaction then rolls back. Returns each line's account and balance after, in order.
 */
export async function moveUserBooks(
  db: Db,
  lines: readonly UserLine[],
  now: number,
  postgres: boolean,
): Promise<Moved[] | undefined> {
  const keys = lines.map((l) => l.key)
  const credited = lines.filter((l) => l.amount > 0n).map((l) => l.key)
  const rows = await userBookRows(db, keys, credited, now, postgres)
  const moved: Moved[] = []
  for (const line of lines) {
    const row = rows.find(line)
    const balance = row ? row.balance + line.amount : -1n
    if (!row || balance < 0n) return undefined
    moved.push({ id: row.id, balance })
  }
  await writeBalances(db, moved, postgres)
  return moved
}

/**
 * Many transactions' headers by one INSERT…SELECT (rowsTable), in the order given; answers their
 * ids in that order. Both stores number the rows of one statement as they insert them, in the
 * SELECT's order (SQLite one past the largest, PostgreSQL by the identity's sequence), so the
 * ids returned, sorted, are the headers' ids in order.
 */
export async function insertTransactions(
  db: Db,
  headers: readonly { kind: string; userId: bigint | null; orderNo: string }[],
  now: number,
): Promise<bigint[]> {
  if (headers.length === 0) return []
  const rows = headers.map((h) => [h.kind, h.userId, h.orderNo])
  const table = rowsTable(db, { kind: 'text', user_id: 'bigint', order_no: 'text' }, rows)
  const { rows: inserted } = await sql<{ id: bigint }>`
    insert into ledger_transactions (kind, user_id, order_no, created_at)
    select r.kind, r.user_id, r.order_no, cast(${now} as bigint) from (${table}) as r order by r.ord
    returning id`.execute(db)
  if (inserted.length !== headers.length) throw new Error('ledger headers: a row was not written')
  return inserted.map((r) => BigInt(r.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}
