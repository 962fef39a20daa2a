import { ALERT_KINDS } from '@kabu/shared/api/alerts'
import type { Quote } from '@kabu/shared/market/types'
import type { Kysely } from 'kysely'
import type { Watched } from '../../gateway/src/broker/alerts/alert-index'
import type { Random } from '../../gateway/src/market/rng'
import type { Database } from '../../gateway/src/store/index'
import { insertLoadUsers } from './load-users'

/** A quote of `code` at `price` yen, its previous close 1,000 yen, `volume` shares today. */
export const quoteOf = (code: string, price: number, volume: number): Quote =>
  ({ code, price, prevClose: 1_000, volume, trading: true }) as Quote

/**
 * `count` active alerts over the codes `C0`…`C{codes-1}` (or those `codeOf` names), every kind
 * alike, one in five repeating; thresholds 3–12 % around a 1,000 yen price and a day's
 * volume of one to two million shares (the volume ones 2–3 million), so a random walk crosses a few (alerts.ts, fanout's
 * `--alerts`).
 */
export function alertsOver(
  count: number,
  codes: number,
  random: Random,
  codeOf: (i: number) => string = (i) => `C${i}`,
): Watched[] {
  return Array.from({ length: count }, (_, i): Watched => {
    const kind = ALERT_KINDS[i % ALERT_KINDS.length]!
    const away = 0.03 + random.uniform() * 0.09
    const value =
      kind === 'price_above'
        ? BigInt(Math.round(1_000 * (1 + away))) * 10_000n
        : kind === 'price_below'
          ? BigInt(Math.round(1_000 * (1 - away))) * 10_000n
          : kind === 'volume_above'
            ? BigInt(Math.round(2_000_000 + random.uniform() * 1_000_000))
            : BigInt(Math.round(away * 1_000_000))
    return {
      id: String(i + 1),
      userId: 1n,
      code: codeOf(i % codes),
      kind,
      value,
      repeat: i % 5 === 0,
      armed: true,
    }
  })
}

const PER_USER = 50
const INSERT_ROWS = 1_000

/**
 * Writes `alerts` active and armed, 50 to a user (users named `<prefix>…`), in one transaction.
 * Written a minute ago: older than the watcher's look-back (SKEW_MS), so its passes read only what
 * changes after.
 */
export async function insertLoadAlerts(
  db: Kysely<Database>,
  prefix: string,
  alerts: readonly Watched[],
): Promise<void> {
  const now = Date.now()
  await db.transaction().execute(async (trx) => {
    const users = await insertLoadUsers(trx, prefix, 1, Math.ceil(alerts.length / PER_USER), now)
    for (let i = 0; i < alerts.length; i += INSERT_ROWS) {
      await trx
        .insertInto('alerts')
        .values(
          alerts.slice(i, i + INSERT_ROWS).map((a, j) => ({
            user_id: users[Math.floor((i + j) / PER_USER)]!.id,
            code: a.code,
            kind: a.kind,
            value: a.value,
            repeat: a.repeat ? 1 : 0,
            status: 'active' as const,
            armed: 1,
            created_at: now - 60_000,
            updated_at: now - 60_000,
          })),
        )
        .execute()
    }
  })
}
