import { HOLDING } from '@kabu/shared/api/trade'
import type { OrderUpdated } from '@kabu/shared/api/orders'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Market } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { UserEvent } from '@kabu/shared/realtime'
import type { Posting } from '../ledger/index'
import { startExits } from './order-exits'
import { Refusal } from '../common/refusal'
import { linkedOf, moveOrder, type OrderRow } from './orders.sql'
import type { Settlement } from './settle'
import { transition } from './trading.sql'

/**
 * What a working order's end writes, in the caller's SQL transaction: a cancel (the user's), a
 * lapse (the orders job's) or a refusal (a fired stop's). Each moves the order first, guarded by
 * the order as it was read, so that of a fill (order-fills.ts), a cancel and a lapse racing for
 * one order exactly one writes; the others get null and write nothing. What wrote answers the
 * orders of its group it moved too (an OCO's other leg), as they now stand, for the caller's events.
 */
export type Moved = OrderRow[] | null

/** The ledger kind that gives a buy's frozen cash back, by how its order ended. */
const END_KINDS = {
  cancelled: 'trade_cancel',
  expired: 'trade_expire',
  refused: 'trade_refuse',
} as const

/** A posting to the order's user's cash in the order's currency. */
export const orderCash = (o: OrderRow, book: 'available' | 'frozen', amount: bigint): Posting => ({
  account: { user: o.user_id, book, currency: o.currency as Currency },
  amount,
})
/** A posting to a house book in the order's currency. */
export const houseCash = (
  o: OrderRow,
  book: 'bank_clearing' | 'fees',
  amount: bigint,
): Posting => ({
  account: { house: book, currency: o.currency as Currency },
  amount,
})

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
  postings: [orderCash(o, 'frozen', -o.frozen), orderCash(o, 'available', o.frozen)],
})

/**
 * Ends a working order as `cancelled` (the user), `expired` (its validity ran out) or `refused` (a
 * fired stop whose order failed a new order's checks, with the key why): a buy's frozen cash goes
 * back to available at once, and what it filled stays its holding; a sell's unsold shares are held
 * again; the orders of its group that go with it end too (an OCO's other leg, an IFD's exits
 * unless its entry filled in part: they start, for that part).
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
  // A buy that filled in part keeps those shares: its exits now sell them.
  if (o.side === 'buy' && o.filled_num > 0n) return startExits(db, o, now)
  return endLinked(s, o, to === 'expired' ? 'expired' : 'cancelled', now)
}

/** The `/user` event of an order as it stands now (API.md: on every change). */
export function orderUpdated(o: {
  id: bigint
  status: OrderRow['status']
  filled_num: bigint | number
  filled_value: bigint
  code: string
  market: string
  side: OrderRow['side']
  num: bigint | number
}): UserEvent & OrderUpdated {
  const filled = BigInt(o.filled_num)
  return {
    type: 'order:updated',
    id: String(o.id),
    status: o.status,
    filled_num: Number(filled),
    avg_price: filled > 0n ? formatUnits(o.filled_value / filled) : null,
    code: o.code,
    market: o.market as Market,
    side: o.side,
    num: Number(o.num),
  }
}
