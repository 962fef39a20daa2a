import type { Kysely } from 'kysely'
import { isWorking, type WireOrder, type WireOrderInfo } from '@kabu/shared/api/orders'
import type { Market } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { SessionUser } from '../common/session-user'
import type { NisaBook } from '../common/nisa-book'
import type { UserEvents } from '../common/user-events'
import type { Ledger } from '../ledger/index'
import { effectOf, shortsOf } from './order-effect'
import { endOrder, orderUpdated } from './order-settle'
import { wireFill, wireOrder } from './order-wire'
import { fillsOf, orderOf, userOrders, WORKING, workingSellOn, type OrderRow } from './orders.sql'
import { holdingOf } from './trading.sql'
import type { TaxBook } from '../common/tax-book'

export interface OrderBookDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: Pick<MarketService, 'listing'>
  settings: TradingSettings
  userEvents: UserEvents
  /** A NISA buy's amendment is checked against its growth frame (order-amend.ts). */
  nisa: NisaBook
  tax: TaxBook
}

/** Rows of one `/trade/orders` page. */
export const ORDERS_PAGE = 20

const DONE = ['filled', 'cancelled', 'expired', 'refused'] as const

/**
 * The user's orders (API.md "Orders"): their list and one with its fills, and cancel (取消). A
 * seed client cancels with the id of its status-2 row, which is the buy order's, or with the id of
 * a holding whose sell rests; an order that is no longer working is refused as order_not_holding.
 */
export function createOrderBook(deps: OrderBookDeps) {
  const { db, clock, ledger, settings, nisa, tax } = deps

  /** The working order `id` names: the order itself, or the sell resting on holding `id`. */
  async function toCancel(userId: bigint, id: bigint): Promise<OrderRow> {
    const order = await orderOf(db, userId, id)
    if (order && isWorking(order.status)) return order
    const sell = await workingSellOn(db, userId, id)
    if (sell) return sell
    if (order || (await holdingOf(db, userId, id))) throw new Refusal('order_not_holding')
    throw new Refusal('not_found')
  }

  return {
    async cancel(user: SessionUser, id: bigint): Promise<void> {
      const o = await toCancel(user.userId, id)
      const now = clock.now()
      const done = await db
        .transaction()
        .execute((trx) => endOrder({ db: trx, ledger, settings, nisa, tax }, o, 'cancelled', now))
      // A fill or a lapse got there first.
      if (!done) throw new Refusal('order_not_holding')
      deps.userEvents.emit(user.userId, orderUpdated({ ...o, status: 'cancelled' }))
      for (const other of done) deps.userEvents.emit(user.userId, orderUpdated(other))
    },

    async list(
      userId: bigint,
      market: Market,
      status: 'open' | 'done',
      page = 1,
    ): Promise<WireOrder[]> {
      const statuses = status === 'open' ? WORKING : DONE
      const rows = await userOrders(db, userId, market, statuses, {
        limit: ORDERS_PAGE,
        offset: (page - 1) * ORDERS_PAGE,
      })
      const shorts = await shortsOf(db, userId, rows)
      return rows.map((o) => wireOrder(o, deps.market, effectOf(o, shorts)))
    },

    async info(userId: bigint, id: bigint): Promise<WireOrderInfo> {
      const o = await orderOf(db, userId, id)
      if (!o) throw new Refusal('not_found')
      const fills = await fillsOf(db, o.id)
      const effect = effectOf(o, await shortsOf(db, userId, [o]))
      return { ...wireOrder(o, deps.market, effect), fills: fills.map(wireFill) }
    },
  }
}

export type OrderBook = ReturnType<typeof createOrderBook>
