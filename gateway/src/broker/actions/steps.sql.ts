import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Database } from '../../store/index'
import { WORKING_ORDERS } from '../../store/migrations/0048-order-partial-indexes'

type Db = Kysely<Database>

export const HELD = [BigInt(HOLDING.holding), BigInt(HOLDING.closing)]

/**
 * Claims a step of an action (`split:7203:2026-04-01`) inside the transaction of its effect:
 * false when a pass, or another gateway, did it already (its row holds the key), so the caller
 * does nothing. On PostgreSQL a racing claim waits for the first to commit, then finds its row.
 */
export async function claimStep(db: Db, step: string, now: number): Promise<boolean> {
  const row = await db
    .insertInto('corporate_action_steps')
    .values({ step, rows: 0n, done_at: BigInt(now) })
    .onConflict((oc) => oc.column('step').doNothing())
    .returning('step')
    .executeTakeFirst()
  return row !== undefined
}

export async function recordStepRows(db: Db, step: string, rows: number): Promise<void> {
  await db
    .updateTable('corporate_action_steps')
    .set({ rows: BigInt(rows) })
    .where('step', '=', step)
    .execute()
}

/** Which of `steps` are done already (a pass skips them without opening a transaction). */
export async function doneSteps(db: Db, steps: string[]): Promise<Set<string>> {
  if (steps.length === 0) return new Set()
  const rows = await db
    .selectFrom('corporate_action_steps')
    .select('step')
    .where('step', 'in', steps)
    .execute()
  return new Set(rows.map((r) => r.step))
}

/**
 * The codes a pass looks at: held now, or sold since `since` (a holder of record who sold on the
 * ex-date), or with a working order.
 */
export async function codesInPlay(db: Db, since: number): Promise<string[]> {
  const held = await db
    .selectFrom('holdings')
    .select('code')
    .distinct()
    .where((eb) =>
      eb.or([
        eb('status', 'in', HELD),
        eb.and([eb('status', '=', BigInt(HOLDING.closed)), eb('sell_time', '>=', BigInt(since))]),
      ]),
    )
    .execute()
  const ordered = await db
    .selectFrom('orders')
    .select('code')
    .distinct()
    .where(WORKING_ORDERS)
    .execute()
  return [...new Set([...held, ...ordered].map((r) => r.code))]
}

/** Actions with dividends awaiting payment on or before `today` of their market. */
export async function duePayments(
  db: Db,
  market: string,
  today: string,
): Promise<{ action: string; currency: string }[]> {
  return db
    .selectFrom('dividends')
    .select(['action', 'currency'])
    .distinct()
    .where('market', '=', market)
    .where('status', '=', 'expected')
    .where('pay_date', '<=', today)
    .execute()
}
