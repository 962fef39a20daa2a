import { HOLDING } from '@kabu/shared/api/trade'
import type { OrderUpdated } from '@kabu/shared/api/orders'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Market } from '@kabu/shared/market/types'
import type { UserEvent } from '@kabu/shared/realtime'
import type { Posting } from '../ledger/index'
import { buyFee, saleCharges } from './fees'
import { startExits } from './order-exits'
import { sellLock } from './order-rules'
import { Refusal } from '../common/refusal'
import { insertFill, linkedOf, moveOrder, type OrderRow } from './orders.sql'
import { closeHolding, type Settlement } from './settle'
import { boughtHolding, holdingById, insertHolding, transition } from './trading.sql'

/**
 * What a working order's end writes, in the caller's SQL transaction: a fill (the matcher's), a
 * cancel (the user's) or a lapse (the orders job's). Each moves the order first, guarded by the
 * status and frozen cash it was read with, so that of a fill, a cancel and a lapse racing for one
 * order exactly one writes; the others get null and write nothing. What wrote answers the orders
 * of its group it moved too (an OCO's other leg), as they now stand, for the caller's events.
 */
export type Moved = OrderRow[] | null

/** The ledger kind that gives a buy's frozen cash back, by how its order ended. */
const END_KINDS = {
  cancelled: 'trade_cancel',
  expired: 'trade_expire',
  refused: 'trade_refuse',
} as const

const cash = (o: OrderRow, book: 'available' | 'frozen', amount: bigint): Posting => ({
  account: { user: o.user_id, book, currency: o.currency as Currency },
  amount,
})
const house = (o: OrderRow, book: 'bank_clearing' | 'fees', amount: bigint): Posting => ({
  account: { house: book, currency: o.currency as Currency },
  amount,
})

/**
 * Fills an open buy whole at `price` (its limit or better, or a fired stop's print): the shares
 * become a holding with the order's id, owned from now; the frozen cash pays cost and fee and the
 * rest goes back. A fired stop that costs more than it froze takes the rest from available cash,
 * and the ledger refuses it (insufficient_balance) when there is not enough.
 */
export async function fillBuyOrder(
  { db, ledger, settings }: Settlement,
  o: OrderRow,
  price: bigint,
  now: number,
): Promise<Moved> {
  const cost = price * o.num
  const fee = buyFee(settings, o.market as Market, cost)
  const refund = o.frozen - cost - fee
  if (refund < 0n && o.price !== null) {
    throw new Error(`order ${o.id} filled above the price it froze cash at`)
  }
  const set = { status: 'filled', filled_num: o.num, filled_value: cost, frozen: 0n } as const
  if (!(await moveOrder(db, o, { ...set, holding_id: o.id }, now))) return null
  // A resting buy is a cash buy (a credit buy fills at once), so its holding owes nothing.
  const order = {
    userId: o.user_id,
    orderNo: o.order_no,
    code: o.code,
    market: o.market,
    currency: o.currency,
    num: Number(o.num),
    limitPrice: o.price,
  }
  const fill = { price, fee, at: now, placedAt: Number(o.created_at) }
  await insertHolding(db, boughtHolding(o.id, order, fill))
  await insertFill(db, { order_id: o.id, num: o.num, price, fee, at: now })
  await ledger.post(db, {
    kind: 'trade_buy',
    userId: o.user_id,
    orderNo: o.order_no,
    postings: [
      cash(o, 'frozen', -o.frozen),
      house(o, 'bank_clearing', cost),
      ...(fee > 0n ? [house(o, 'fees', fee)] : []),
      ...(refund !== 0n ? [cash(o, 'available', refund)] : []),
    ],
  })
  return startExits(db, o, now)
}

/**
 * Fills an open sell at `price` (its limit or better): its holding closes, proceeds − fees in; an
 * OCO's other leg is cancelled.
 */
export async function fillSellOrder(
  s: Settlement,
  o: OrderRow,
  price: bigint,
  now: number,
): Promise<Moved> {
  const h = o.holding_id === null ? undefined : await holdingById(s.db, o.holding_id)
  if (h?.status !== BigInt(HOLDING.closing)) return null
  // An IFD's exit works from its entry's fill, but sells no sooner than any sale may.
  if (sellLock(h, s.settings.sellLockMinutes, now)) return null
  const set = { status: 'filled', filled_num: o.num, filled_value: price * o.num } as const
  if (!(await moveOrder(s.db, o, set, now))) return null
  // The order moved, so nothing else may have: a holding gone from closing is a bug, rolled back.
  if (!(await closeHolding(s, h, HOLDING.closing, price, now))) {
    throw new Error(`holding ${h.id} left closing under its working sell ${o.id}`)
  }
  const { fee, stampDuty } = saleCharges(s.settings, h.market as Market, price * o.num)
  await insertFill(s.db, { order_id: o.id, num: o.num, price, fee: fee + stampDuty, at: now })
  return endLinked(s, o, 'cancelled', now)
}

/**
 * Ends the working orders that go with `o` (linkedOf) as `to`: a buy's frozen cash back. A holding
 * they share with `o` is `o`'s to settle. One moved by something else meanwhile loses `o` its
 * change too (order_not_holding, rolling the caller's transaction back).
 */
export async function endLinked(
  { db, ledger }: Settlement,
  o: OrderRow,
  to: 'cancelled' | 'expired',
  now: number,
): Promise<OrderRow[]> {
  const linked = await linkedOf(db, o)
  for (const l of linked) {
    if (!(await moveOrder(db, l, { status: to, frozen: 0n }, now))) {
      throw new Refusal('order_not_holding')
    }
    if (l.frozen > 0n) await ledger.post(db, release(l, 'trade_cancel'))
  }
  return linked.map((l) => ({ ...l, status: to, frozen: 0n }))
}

/**
 * A change that lost to another on an order of its group (order_not_holding, its transaction
 * rolled back) reads as moved by nobody; anything else is thrown on.
 */
export function lostRace(error: unknown): null {
  if (error instanceof Refusal && error.key === 'order_not_holding') return null
  throw error
}

/** A buy's frozen cash back to available. */
const release = (o: OrderRow, kind: (typeof END_KINDS)[keyof typeof END_KINDS]) => ({
  kind,
  userId: o.user_id,
  orderNo: o.order_no,
  postings: [cash(o, 'frozen', -o.frozen), cash(o, 'available', o.frozen)],
})

/**
 * Ends a working order as `cancelled` (the user), `expired` (its validity ran out) or `refused` (a
 * fired stop whose order failed a new order's checks, with the key why): a buy's frozen cash goes
 * back to available at once; a sell's holding is held again; the orders of its group that go
 * with it end too (an OCO's other leg, an IFD's exits).
 */
export async function endOrder(
  s: Settlement,
  o: OrderRow,
  to: keyof typeof END_KINDS,
  now: number,
  refusal?: string,
): Promise<Moved> {
  const { db, ledger } = s
  const set = { status: to, frozen: 0n, ...(refusal ? { refusal } : {}) }
  if (!(await moveOrder(db, o, set, now))) return null
  if (o.side === 'sell' && o.holding_id !== null) {
    const back = { status: HOLDING.holding, sell_price: null, sell_ordered_at: null }
    if (!(await transition(db, o.holding_id, HOLDING.closing, back))) {
      throw new Error(`holding ${o.holding_id} left closing under its working sell ${o.id}`)
    }
  }
  if (o.frozen > 0n) await ledger.post(db, release(o, END_KINDS[to]))
  return endLinked(s, o, to === 'expired' ? 'expired' : 'cancelled', now)
}

/** The `/user` event of an order as it stands now (API.md: on every change). */
export function orderUpdated(o: {
  id: bigint
  status: OrderRow['status']
  filled_num: bigint | number
  filled_value: bigint
}): UserEvent & OrderUpdated {
  const filled = BigInt(o.filled_num)
  return {
    type: 'order:updated',
    id: String(o.id),
    status: o.status,
    filled_num: Number(filled),
    avg_price: filled > 0n ? formatUnits(o.filled_value / filled) : null,
  }
}
