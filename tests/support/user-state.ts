import { sql } from 'kysely'
import type { TestApp } from './app'

/**
 * Everything the store holds about one user, to prove a call changed nothing: the user's row, every
 * row of every table with a `user_id` column (found by looking at the database, so a table added
 * later is included without being listed), and the entries of the user's ledger accounts.
 */
export type UserState = Record<string, string[]>

/**
 * Rows that change on purpose when a call is refused: each failed fund password is counted (the
 * throttle that stops guessing; API.md `too_frequent`), and so is each wrong TOTP code (its own
 * throttle's columns). Nothing else may.
 */
const COUNTED_REFUSALS = new Set(['fund_password_failures'])
const COUNTED_COLUMNS: Record<string, readonly string[]> = {
  totp_secrets: ['failed_tries', 'failed_since'],
}

const tablesCache = new WeakMap<TestApp, Promise<string[]>>()

/** The tables of the test's own database (its schema on PostgreSQL) that have a user_id. */
function userTables(t: TestApp): Promise<string[]> {
  let tables = tablesCache.get(t)
  if (!tables) {
    tables = (async () => {
      const all = await t.app.db.introspection.getTables()
      let schema: string | undefined
      if (t.database.kind === 'postgres') {
        const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(t.app.db)
        schema = rows[0]!.s
      }
      return all
        .filter((table) => schema === undefined || table.schema === schema)
        .filter((table) => table.columns.some((c) => c.name === 'user_id'))
        .map((table) => table.name)
        .filter((name) => !COUNTED_REFUSALS.has(name))
        .sort()
    })()
    tablesCache.set(t, tables)
  }
  return tables
}

const line = (row: unknown) =>
  JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))

/** Each table's rows of the user, as sorted JSON lines (order-free, bigint-safe). */
export async function userState(t: TestApp, userId: bigint): Promise<UserState> {
  const db = t.app.db
  const state: UserState = {}
  const rowsOf = async (query: { execute(): Promise<unknown[]> }) =>
    (await query.execute()).map(line).sort()
  state.users = await rowsOf(db.selectFrom('users').selectAll().where('id', '=', userId))
  for (const table of await userTables(t)) {
    // Table names come from the database itself, never from input.
    const rows = await db
      .selectFrom(sql.table(table).as('t'))
      .selectAll()
      .where(sql.ref('t.user_id'), '=', userId)
      .execute()
    const counted = COUNTED_COLUMNS[table] ?? []
    state[table] = rows
      .map((row) =>
        Object.fromEntries(Object.entries(row).filter(([column]) => !counted.includes(column))),
      )
      .map(line)
      .sort()
  }
  state.ledger_entries = await rowsOf(
    db
      .selectFrom('ledger_entries')
      .selectAll('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .where('ledger_accounts.user_id', '=', userId),
  )
  return state
}

/** The tables whose rows differ between two states, with the first differing line of each. */
export function stateChanges(before: UserState, after: UserState): string[] {
  const changes: string[] = []
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[table] ?? []
    const b = after[table] ?? []
    if (a.length === b.length && a.every((row, i) => row === b[i])) continue
    const added = b.find((row) => !a.includes(row))
    const removed = a.find((row) => !b.includes(row))
    changes.push(`${table}: ${added ? `+${added}` : ''} ${removed ? `-${removed}` : ''}`.trim())
  }
  return changes
}
