import type { Kysely, Transaction } from 'kysely'
import {
  alertValueUnits,
  ALERTS_PAGE_SIZE,
  type AlertAdded,
  type AlertItem,
  type AlertKind,
  type AlertsPage,
} from '@kabu/shared/api/alerts'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import { lockUser, type Database } from '../../store/index'
import { idempotent } from '../common/idempotency'
import { Refusal } from '../common/refusal'
import { unitsToWire } from '../common/wire-money'
import * as q from './alerts.sql'

export interface AlertsDeps {
  db: Kysely<Database>
  clock: Clock
  market: Pick<MarketService, 'listing'>
  /** ALERTS_MAX: alerts one user may hold. */
  maxPerUser: number
}

/** What `/user/alertAdd` asks for, parsed. */
export interface NewAlert {
  code: string
  kind: AlertKind
  value: string
  repeat: boolean
  idem?: string | undefined
}

/** A stored value on the wire: a volume is whole shares, the rest decimal units. */
export const valueToWire = (kind: AlertKind, value: bigint): string =>
  kind === 'volume_above' ? value.toString() : unitsToWire(value)

export type AlertsService = ReturnType<typeof createAlertsService>

/**
 * The user's price alerts: list, add (within ALERTS_MAX, counted under the user's lock in the
 * insert's transaction), delete, pause and resume. Watching them is the leader's (watcher.ts),
 * which hears of every change here by the rows' change time.
 */
export function createAlertsService({ db, clock, market, maxPerUser }: AlertsDeps) {
  function itemOf(row: q.AlertRow): AlertItem {
    const listing = market.listing(row.code)
    return {
      id: row.id.toString(),
      code: row.code,
      market: listing?.market ?? 'jp',
      name: listing?.name ?? { ja: row.code, zh: row.code, en: row.code },
      kind: row.kind,
      value: valueToWire(row.kind, row.value),
      repeat: row.repeat === 1n,
      status: row.status,
      armed: row.armed === 1n,
      fired: Number(row.fired),
      fired_price: row.fired_price === null ? null : unitsToWire(row.fired_price),
      fired_at: row.fired_at === null ? null : Number(row.fired_at),
      created: Number(row.created_at),
    }
  }

  async function insert(trx: Transaction<Database>, userId: bigint, a: NewAlert, value: bigint) {
    // Adds queue on the user's row, so two at once cannot both see room for one more.
    await lockUser(trx, userId)
    if ((await q.liveAlerts(trx, userId)) >= maxPerUser) throw new Refusal('alerts_limit')
    const id = await q.insertAlert(trx, { userId, ...a, value, now: clock.now() })
    return { id: id.toString() }
  }

  return {
    async list(userId: bigint, page: number): Promise<AlertsPage> {
      const offset = (page - 1) * ALERTS_PAGE_SIZE
      const [rows, total] = await Promise.all([
        q.pageOfAlerts(db, userId, offset, ALERTS_PAGE_SIZE),
        q.liveAlerts(db, userId),
      ])
      return { list: rows.map(itemOf), total }
    },

    async add(userId: bigint, input: NewAlert): Promise<AlertAdded> {
      const { idem, ...a } = input
      if (!market.listing(a.code)) throw new Refusal('not_listed')
      const value = alertValueUnits(a.kind, a.value)
      if (value === null) throw new Refusal('alert_value_invalid')
      if (idem === undefined)
        return db.transaction().execute((trx) => insert(trx, userId, a, value))
      return idempotent(db, { userId, scope: 'alerts.add', idem, body: a }, (trx) =>
        insert(trx, userId, a, value),
      )
    },

    async remove(userId: bigint, id: bigint): Promise<void> {
      if (!(await q.deleteAlert(db, userId, id, clock.now()))) throw new Refusal('not_found')
    },

    async pause(userId: bigint, id: bigint, paused: boolean): Promise<AlertItem> {
      await q.setPaused(db, userId, id, paused, clock.now())
      const row = await q.ownAlert(db, userId, id)
      if (!row) throw new Refusal('not_found')
      return itemOf(row)
    },
  }
}
