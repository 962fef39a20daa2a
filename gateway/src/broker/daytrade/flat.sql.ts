// The forced flat's queries (flat.ts, jobs.ts): when the next close comes, and the set-based claim
// and settlement of every participation whose close has come, a chunk of rows per statement.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../store/index'
import { APPLIED, CHUNK, TRADED, TRADING, type NewFill, type PositionRow } from './daytrade.sql'

type Db = Kysely<Database>

/** The earliest close still to come of the open participations (epoch ms), if any. */
export async function nextClose(db: Db): Promise<number | undefined> {
  const r = await db
    .selectFrom('daytrade_participations')
    .select((eb) => eb.fn.min<string | number | bigint | null>('closes_at').as('at'))
    .where('status', 'in', [TRADING, APPLIED])
    .executeTakeFirst()
  return r?.at === null || r?.at === undefined ? undefined : Number(r.at)
}

/**
 * Claims every participation whose close has come, one UPDATE: they are `traded` from here (in the
 * caller's transaction, with their settlement). A concurrent order holding one makes this wait.
 */
export function claimDue(db: Db, now: number) {
  return db
    .updateTable('daytrade_participations')
    .set({ status: TRADED, settled_at: now })
    .where('status', 'in', [TRADING, APPLIED])
    .where('closes_at', '<=', BigInt(now))
    .returning(['id', 'user_id', 'order_no', 'market', 'currency', 'funds', 'pnl', 'fees'])
    .execute()
}

/** The open positions of claimed participations, a chunk of ids at a time. */
export async function openPositions(db: Db, ids: bigint[]): Promise<PositionRow[]> {
  const rows: PositionRow[] = []
  for (let i = 0; i < ids.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('daytrade_positions')
        .selectAll()
        .where('participation_id', 'in', ids.slice(i, i + CHUNK))
        .execute()),
    )
  }
  return rows
}

export async function insertFills(db: Db, fills: NewFill[]): Promise<void> {
  for (let i = 0; i < fills.length; i += CHUNK) {
    await db
      .insertInto('daytrade_fills')
      .values(fills.slice(i, i + CHUNK))
      .execute()
  }
}

export async function deletePositions(db: Db, ids: bigint[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db
      .deleteFrom('daytrade_positions')
      .where('participation_id', 'in', ids.slice(i, i + CHUNK))
      .execute()
  }
}

/** Writes each settled participation's totals, one UPDATE joined to VALUES per chunk. */
export async function writeSettled(
  db: Db,
  rows: { id: bigint; pnl: bigint; fees: bigint; returned: bigint }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = sql.join(
      rows
        .slice(i, i + CHUNK)
        .map(
          (r) =>
            sql`(cast(${r.id} as bigint), cast(${r.pnl} as bigint), cast(${r.fees} as bigint), cast(${r.returned} as bigint))`,
        ),
    )
    await sql`update daytrade_participations set pnl = v.column2, fees = v.column3,
      returned = v.column4 from (values ${values}) as v
      where daytrade_participations.id = v.column1`.execute(db)
  }
}
