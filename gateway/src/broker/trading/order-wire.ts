import type { OrderEffect, WireFill, WireOrder } from '@kabu/shared/api/orders'
import {
  HOLDING,
  type HoldingStatus,
  type WireClosedHolding,
  type WireHolding,
} from '@kabu/shared/api/trade'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { MarketService } from '../../market/index'
import { askOf } from './order-kinds'
import type { OrderRow } from './orders.sql'

const text = (units: bigint | null) => (units === null ? null : formatUnits(units))

/** The average fill price, or null before the first fill. */
export const avgPrice = (o: Pick<OrderRow, 'filled_num' | 'filled_value'>): string | null =>
  o.filled_num > 0n ? formatUnits(o.filled_value / o.filled_num) : null

/** One row of `/trade/orders` (API.md "Orders"); `effect` from order-effect.ts. */
export function wireOrder(
  o: OrderRow,
  market: Pick<MarketService, 'listing'>,
  effect: OrderEffect,
): WireOrder {
  return {
    id: String(o.id),
    order_no: o.order_no,
    code: o.code,
    name: market.listing(o.code)?.name ?? { ja: o.code, zh: o.code, en: o.code },
    side: o.side,
    effect,
    kind: o.kind,
    price: text(o.price),
    trigger: text(askOf(o).trigger),
    trail: text(o.trail),
    num: Number(o.num),
    filled_num: Number(o.filled_num),
    avg_price: avgPrice(o),
    status: o.status,
    refusal: o.refusal,
    validity: o.validity,
    expires_at: Number(o.expires_at),
    group: o.group_kind,
    group_id: o.group_id === null ? null : String(o.group_id),
    parent_id: o.parent_id === null ? null : String(o.parent_id),
    leverage: Number(o.leverage),
    account: o.account,
    holding_id: o.holding_id === null ? null : String(o.holding_id),
    created: Number(o.created_at),
    updated: Number(o.updated_at),
  }
}

export function wireFill(f: { num: bigint; price: bigint; fee: bigint; at: bigint }): WireFill {
  return {
    num: Number(f.num),
    price: formatUnits(f.price),
    fee: formatUnits(f.fee),
    at: Number(f.at),
  }
}

/**
 * A buy order's unfilled part as the seed's row of `/trade/userstocklist` (status 2, keyed by the
 * order's id, which its holding will have): valued at its own limit, P/L 0, its frozen cash.
 * Clients written against the seed read it; it never counts as shares owned.
 */
export function seedOrderRow(
  o: OrderRow,
  market: Pick<MarketService, 'listing'>,
  status: HoldingStatus = HOLDING.pending,
): WireHolding {
  const price = o.price ?? 0n
  const rest = o.num - o.filled_num
  return {
    id: String(o.id),
    code: o.code,
    name: market.listing(o.code)?.name ?? { ja: o.code, zh: o.code, en: o.code },
    status,
    nowprice: formatUnits(price),
    stock_num: Number(rest),
    buy_price: formatUnits(price),
    yingkui: '0',
    buy_time: Number(o.created_at),
    leverage: Number(o.leverage),
    margin: formatUnits(price * rest),
    market_value: formatUnits(price * rest),
    buy_fee: '0',
    frozen: formatUnits(o.frozen),
    side: 'long',
    account: o.account,
  }
}

/** A buy that ended with nothing filled (cancelled, lapsed) as the seed's cancelled row (3). */
export function seedCancelledRow(
  o: OrderRow,
  market: Pick<MarketService, 'listing'>,
): WireClosedHolding {
  return {
    ...seedOrderRow(o, market, HOLDING.cancelled),
    sell_price: '0',
    sell_time: null,
    sell_fee: '0',
    stamp_duty: null,
  }
}

/**
 * What the seed's `trade:updated` says of an order that ended: the status its row shows now (a
 * buy: its holding (also when it ended after filling in part), or cancelled; a sell: its holding closed, or held again), under the id a seed
 * client follows (the buy's, which its holding shares, or the sold holding's).
 */
export function seedUpdate(
  o: Pick<OrderRow, 'id' | 'side' | 'holding_id' | 'filled_num'>,
  ended: 'filled' | 'cancelled' | 'expired',
): { type: 'trade:updated'; id: string; status: HoldingStatus } {
  // A buy that ended after filling in part leaves its holding, which the seed client must keep.
  const filled = ended === 'filled' || (o.side === 'buy' && o.filled_num > 0n)
  if (o.side === 'buy') {
    return {
      type: 'trade:updated',
      id: String(o.id),
      status: filled ? HOLDING.holding : HOLDING.cancelled,
    }
  }
  return {
    type: 'trade:updated',
    id: String(o.holding_id),
    status: filled ? HOLDING.closed : HOLDING.holding,
  }
}
