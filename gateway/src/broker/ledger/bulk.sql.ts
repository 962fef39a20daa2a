import { sql, type Kysely } from 'kysely'
import type { Database } from '../../store/index'
import type { AccountKey, Moved } from './ledger.sql'

type Db = Kysely<Database>
type UserLine = { key: AccountKey & { userId: bigint }; amount: bigint }

// Lines per round: its statements stay under SQLite's 32,766 parameters (6 a row at most).
export const BULK_CHUNK = 2_000

const keyOfRow = (r: { user_id: bigint | null; book: string; currency: string }) =>
  `${r.user_id}/${r.book}/${r.currency}`
const keyOfLine = (l: UserLine) => `${l.key.userId}/${l.key.book}/${l.key.currency}`

/**
 * Moves many users' books at once, a round of statements per BULK_CHUNK lines instead of one per
 * line (a draw refunds every application in one transaction: 200,000 lines one by one took ~20 s).
 * The lines name distinct accounts. The rows are read (on PostgreSQL locked, FOR UPDATE, in the
 * ledger's lock order: by user, book, currency), books credited for the first time are created,
 * every new balance is computed here and written by one UPDATE. A debit that would take
 * a book below zero, or one never credited, answers undefined and nothing is written; the
 * caller's transaction then rolls back. Returns each line's account and balance after, in order.
 */
export async function moveUserBooks(
  db: Db,
  lines: readonly UserLine[],
  now: number,
  postgres: boolean,
): Promise<Moved[] | undefined> {
  // By user and currency only, one parameter a user: a tuple per line cost more to build and plan
  // than the few books of the same users it also reads (and drops below).
  let read = db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'book', 'currency', 'balance'])
    .where('user_id', 'in', [...new Set(lines.map((l) => l.key.userId))])
    .where('currency', 'in', [...new Set(lines.map((l) => l.key.currency))])
  if (postgres) {
    read = read
      .orderBy('user_id')
      .orderBy(sql`book collate "C"`)
      .orderBy(sql`currency collate "C"`)
      .forUpdate()
  }
  const rows = new Map((await read.execute()).map((r) => [keyOfRow(r), r]))
  // Books credited for the first time (usually none: money reached them before).
  const created = lines.filter((l) => l.amount > 0n && !rows.has(keyOfLine(l)))
  if (created.length > 0) {
    const inserted = await db
      .insertInto('ledger_accounts')
      .values(
        created.map(({ key }) => ({
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
    // A book another transaction created meanwhile is not returned: read the round again.
    if (inserted.length < created.length) return moveUserBooks(db, lines, now, postgres)
    for (const r of inserted) rows.set(keyOfRow(r), r)
  }
  const moved: Moved[] = []
  for (const line of lines) {
    const row = rows.get(keyOfLine(line))
    const balance = row ? row.balance + line.amount : -1n
    if (!row || balance < 0n) return undefined
    moved.push({ id: row.id, balance })
  }
  // One UPDATE joined to the new balances (VALUES names its columns column1, column2 on both
  // stores); a CASE of thousands of branches was read branch by branch for every row.
  const values = sql.join(
    moved.map((m) => sql`(cast(${m.id} as bigint), cast(${m.balance} as bigint))`),
  )
  await sql`update ledger_accounts set balance = v.column2
    from (values ${values}) as v where ledger_accounts.id = v.column1`.execute(db)
  return moved
}
