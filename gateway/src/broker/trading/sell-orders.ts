import type { Kysely } from 'kysely'
import type { Market } from '@kabu/shared/market/types'
import type { TradingSettings } from '../../config'
import type { Database } from '../../store/index'
import { saleCharges } from './fees'
import type { OrderAsk } from './order-kinds'
import { sellOrderValues, type OrderValues, type SellOrder } from './order-rows'
import { insertFill, insertOrderRow } from './orders.sql'
import type { HoldingRow } from './trading.sql'

/** What a sell asked for: its kind and limit (null at market), validity and when that ends. */
export interface SellAsk extends OrderAsk {
  validity: string
  expiresAt: number
}

/**
 * The sell order on `h` (the holding sold, or the part a partial sell split off), placed at `now`:
 * filled at `filledAt` at once, or resting (undefined).
 */
export function sellOrderOf(
  h: HoldingRow,
  ask: SellAsk,
  orderNo: string,
  now: number,
  filledAt: bigint | undefined,
): SellOrder {
  return {
    userId: h.user_id,
    orderNo,
    code: h.code,
    market: h.market,
    currency: h.currency,
    holdingId: h.id,
    num: h.stock_num,
    limit: ask.limit,
    validity: ask.validity,
    expiresAt: ask.expiresAt,
    now,
    leverage: h.leverage,
    ask,
    account: h.account,
    ...(filledAt === undefined ? {} : { filledAt }),
  }
}

/** The fees a sale of `num` shares at `price` is charged: the sell fee and any stamp duty. */
export function saleFees(settings: TradingSettings, market: string, value: bigint): bigint {
  const { fee, stampDuty } = saleCharges(settings, market as Market, value)
  return fee + stampDuty
}

/** Writes a sell's order row (id reserved by the caller) and, when it filled, its fill. */
export async function recordSell(
  db: Kysely<Database>,
  settings: TradingSettings,
  id: bigint,
  order: SellOrder,
): Promise<OrderValues & { id: bigint }> {
  const values = sellOrderValues(order)
  await insertOrderRow(db, { id, ...values })
  if (order.filledAt !== undefined) {
    const value = order.filledAt * order.num
    const fee = saleFees(settings, order.market, value)
    await insertFill(db, {
      order_id: id,
      num: order.num,
      price: order.filledAt,
      fee,
      at: order.now,
    })
  }
  return { id, ...values }
}
