import type { OrderGroup, OrderKind, OrderStatus } from '@kabu/shared/api/orders'
import type { HoldingAccount } from '@kabu/shared/api/accounts'
import type { OrderAsk } from './order-kinds'
import type { NewOrder } from './trading.sql'

/**
 * The `orders` and `order_fills` rows of the orders a buy or a sell places (issue 35). The id is
 * left to the caller (reserved, or PostgreSQL's next value inside a one-statement posting), so the
 * same row serves both stores' paths.
 */
export interface OrderValues {
  user_id: bigint
  order_no: string
  code: string
  market: string
  currency: string
  side: 'buy' | 'sell'
  kind: OrderKind
  price: bigint | null
  trigger_price: bigint | null
  trail: bigint | null
  best_price: bigint | null
  num: number | bigint
  filled_num: number | bigint
  filled_value: bigint
  status: OrderStatus
  validity: string
  expires_at: number
  leverage: number | bigint
  holding_id: bigint | null
  frozen: bigint
  created_at: number
  updated_at: number
  account: HoldingAccount
  /** A working NISA buy's reservation of its growth frame (book value not yet filled). */
  nisa_reserved?: bigint
  group_kind?: OrderGroup | null
  group_id?: bigint | null
  parent_id?: bigint | null
}

/** An order's place in an OCO or IFD group: the group's id (its first order's) and kind. */
export interface OrderLink {
  kind: OrderGroup
  id: bigint
  /** An IFD exit's entry; null for the entry itself and for OCO legs. */
  parent: bigint | null
}

const linkColumns = (link: OrderLink | undefined) =>
  link ? { group_kind: link.kind, group_id: link.id, parent_id: link.parent } : {}

/** The kind columns of an order: its ask, or a plain limit or market order by its limit. */
function kindColumns(limit: bigint | null, ask: OrderAsk | undefined) {
  return {
    kind: ask?.kind ?? (limit === null ? 'market' : 'limit'),
    price: limit,
    trigger_price: ask?.trigger ?? null,
    trail: ask?.trail ?? null,
    best_price: ask?.best ?? null,
  }
}

/** A resting order's status: a stop not fired yet waits, others are open. */
const restingStatus = (ask: OrderAsk | undefined): OrderStatus =>
  ask?.waiting ? 'waiting' : 'open'

/**
 * A buy order: filled at once (a market order or a marketable limit, whose holding shares its id
 * and is written beside it) or open with its frozen cash.
 */
export function buyOrderValues(
  o: NewOrder,
  holdingId: bigint | null,
  link?: OrderLink,
): OrderValues {
  const filled = o.filledFee !== undefined
  return {
    user_id: o.userId,
    order_no: o.orderNo,
    code: o.code,
    market: o.market,
    currency: o.currency,
    side: 'buy',
    ...kindColumns(o.limitPrice, o.ask),
    num: o.num,
    filled_num: filled ? o.num : 0,
    filled_value: filled ? o.price * BigInt(o.num) : 0n,
    status: filled ? 'filled' : restingStatus(o.ask),
    validity: o.validity,
    expires_at: o.expiresAt,
    leverage: o.credit?.leverage ?? 1,
    holding_id: filled ? holdingId : null,
    frozen: filled ? 0n : o.frozen,
    created_at: o.now,
    updated_at: o.now,
    account: o.account ?? 'taxable',
    // A NISA buy that rests holds its growth room at the price it froze cash at.
    ...(o.account === 'nisa' && !filled ? { nisa_reserved: o.price * BigInt(o.num) } : {}),
    ...linkColumns(link),
  }
}

/** What a sell order is placed with. */
export interface SellOrder {
  userId: bigint
  orderNo: string
  code: string
  market: string
  currency: string
  /** The holding sold; null for an IFD exit until its entry fills. */
  holdingId: bigint | null
  num: bigint
  limit: bigint | null
  validity: string
  expiresAt: number
  now: number
  leverage: bigint
  /** Sold at once at this price; absent for a sell that rests. */
  filledAt?: bigint
  /** Its kind and trigger (order-kinds.ts); absent: a limit or market order by `limit`. */
  ask?: OrderAsk
  link?: OrderLink
  /** The account of the holding it sells. */
  account: HoldingAccount
}

export function sellOrderValues(s: SellOrder): OrderValues {
  const filled = s.filledAt !== undefined
  return {
    user_id: s.userId,
    order_no: s.orderNo,
    code: s.code,
    market: s.market,
    currency: s.currency,
    side: 'sell',
    ...kindColumns(s.limit, s.ask),
    num: s.num,
    filled_num: filled ? s.num : 0n,
    filled_value: filled ? (s.filledAt as bigint) * s.num : 0n,
    status: filled ? 'filled' : restingStatus(s.ask),
    validity: s.validity,
    expires_at: s.expiresAt,
    leverage: s.leverage,
    holding_id: s.holdingId,
    frozen: 0n,
    created_at: s.now,
    updated_at: s.now,
    account: s.account,
    ...linkColumns(s.link),
  }
}

/** One fill of an order: shares, price, the fees it was charged (a sale's stamp duty too). */
export interface FillValues {
  num: number | bigint
  price: bigint
  fee: bigint
  at: number
}
