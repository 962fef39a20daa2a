import { HOLDING } from '@kabu/shared/api/trade'
import type { Market } from '@kabu/shared/market/types'
import type { TradingSettings } from '../../config'
import { buyFee, saleCharges } from './fees'
import { startExits } from './order-exits'
import { sellLock } from './order-rules'
import { endLinked, orderCash, houseCash } from './order-settle'
import { Refusal } from '../common/refusal'
import {
  fillOrder,
  fillsOf,
  insertFill,
  linkedOf,
  moveOrder,
  type OrderChange,
  type OrderRow,
} from './orders.sql'
import { splitSold } from './sale-claim'
import { closeHolding, type Settlement } from './settle'
import { boughtHolding, extendHolding, holdingById, insertHolding } from './trading.sql'

/**
 * A fill of a working order (MARKET-RULES.md §8): `num` of its shares at `price`, in the caller's
 * SQL transaction. Null when the order, or its holding, moved since it was read (a cancel, a lapse,
 * an amend or another fill got there first): nothing is written. Otherwise the order as it now
 * stands, and the orders of its group the fill moved (an OCO's other leg, an IFD's exits).
 */
export type Filled = { order: OrderRow; others: OrderRow[] } | null

/**
 * The cash a resting buy keeps frozen for its unfilled `rest` at `limit`, when `filledValue` has
 * already filled: the rest's cost and the fee it adds to the order's. A broker charges its fee on
 * an order's whole executed value, so fills in parts cost what one fill would, and what stays
 * frozen never falls short of what the rest may cost.
 */
export function restingNeed(
  settings: TradingSettings,
  market: Market,
  limit: bigint,
  rest: bigint,
  filledValue: bigint,
): bigint {
  const cost = limit * rest
  return cost + buyFee(settings, market, filledValue + cost) - buyFee(settings, market, filledValue)
}

/**
 * What a NISA buy still reserves of its growth frame once `rest` shares are left: their cost at
 * its limit (a fired stop's: at this fill's price), never more than it held; nothing once filled.
 */
function nisaReservation(o: OrderRow, price: bigint, rest: bigint): OrderChange {
  if (o.account !== 'nisa') return {}
  const bound = (o.price ?? price) * rest
  return { nisa_reserved: bound < o.nisa_reserved ? bound : o.nisa_reserved }
}

/** The order's figures after `num` more shares at `price`: still `partial`, or `filled`. */
function filledBy(o: OrderRow, num: bigint, price: bigint) {
  const filled_num = o.filled_num + num
  return {
    status: filled_num === o.num ? 'filled' : 'partial',
    filled_num,
    filled_value: o.filled_value + price * num,
  } satisfies OrderChange
}

/**
 * A buy fills `num` at `price` (its limit or better, or a fired stop's print). The shares join
 * its holding (the order's id), made at its first fill; the fee is what this fill adds to the
 * order's (restingNeed). Frozen cash pays cost and fee, the rest's need stays frozen and the
 * difference goes back to available. A fired stop that costs more than it froze takes the rest
 * from available cash, and the ledger refuses it (insufficient_balance) when there is not enough.
 * Its exits (IFD, IFDOCO) start once it has filled whole.
 */
export async function fillBuyOrder(
  s: Settlement,
  o: OrderRow,
  price: bigint,
  num: bigint,
  now: number,
): Promise<Filled> {
  const { db, ledger, settings } = s
  const market = o.market as Market
  const set = filledBy(o, num, price)
  const cost = price * num
  const fee = buyFee(settings, market, set.filled_value) - buyFee(settings, market, o.filled_value)
  const rest = o.num - set.filled_num
  const frozen =
    rest > 0n ? restingNeed(settings, market, o.price ?? price, rest, set.filled_value) : 0n
  const refund = o.frozen - frozen - cost - fee
  if (refund < 0n && o.price !== null) {
    throw new Error(`order ${o.id} filled above the price it froze cash at`)
  }
  const change = { ...set, frozen, holding_id: o.id, ...nisaReservation(o, price, rest) }
  if (!(await fillOrder(db, o, change))) return null
  // Its growth frame takes the fill's book value; its reservation fell with the same write.
  if (o.account === 'nisa') await s.nisa.filled(db, o.user_id, cost, now)
  if (o.filled_num === 0n) {
    const order = {
      userId: o.user_id,
      orderNo: o.order_no,
      code: o.code,
      market: o.market,
      currency: o.currency,
      num: Number(num),
      limitPrice: o.price,
      account: o.account,
    }
    const fill = { price, fee, at: now, placedAt: Number(o.created_at) }
    await insertHolding(db, boughtHolding(o.id, order, fill))
  } else {
    // A working buy's holding cannot be sold (sell.ts), so it is as the last fill left it.
    const h = await holdingById(db, o.id)
    if (!h || !(await extendHolding(db, h, { num, price, fee, at: now }))) {
      throw new Error(`holding ${o.id} moved under its working buy`)
    }
  }
  await insertFill(db, { order_id: o.id, num, price, fee, at: now })
  await ledger.post(db, {
    kind: 'trade_buy',
    userId: o.user_id,
    orderNo: o.order_no,
    postings: [
      orderCash(o, 'frozen', frozen - o.frozen),
      houseCash(o, 'bank_clearing', cost),
      ...(fee > 0n ? [houseCash(o, 'fees', fee)] : []),
      ...(refund !== 0n ? [orderCash(o, 'available', refund)] : []),
    ],
  })
  const order = { ...o, ...change }
  const others = set.status === 'filled' ? await startExits(db, order, now) : []
  return { order, others }
}

/**
 * A resting sell fills `num` at `price` (its limit or better): those shares of its holding close,
 * proceeds − fees in. In part, they are split off the holding first (splitSold), the rest still
 * held for the sale, and the other legs of its group follow the rest; whole, the holding closes and
 * an OCO's other leg is cancelled.
 */
export async function fillSellOrder(
  s: Settlement,
  o: OrderRow,
  price: bigint,
  num: bigint,
  now: number,
): Promise<Filled> {
  const h = o.holding_id === null ? undefined : await holdingById(s.db, o.holding_id)
  if (h?.status !== BigInt(HOLDING.closing)) return null
  // An IFD's exit works from its entry's fill, but sells no sooner than any sale may.
  if (sellLock(h, s.settings.sellLockMinutes, now)) return null
  const set = filledBy(o, num, price)
  if (!(await fillOrder(s.db, o, set))) return null
  const order = { ...o, ...set }
  // A part sold has its own row, numbered after its order and the fill that sold it: the row
  // still closing may carry the order's own number already (a partial sell's claim).
  const part = async () => `${o.order_no}-${(await fillsOf(s.db, o.id)).length + 1}`
  const sold = num === h.stock_num ? h : await splitSold(s.db, h, num, await part())
  // The order moved, so nothing else may have: a holding gone from closing is a bug, rolled back.
  if (!sold || !(await closeHolding(s, sold, HOLDING.closing, price, now))) {
    throw new Error(`holding ${h.id} left closing under its working sell ${o.id}`)
  }
  const { fee, stampDuty } = saleCharges(s.settings, h.market as Market, price * num)
  await insertFill(s.db, { order_id: o.id, num, price, fee: fee + stampDuty, at: now })
  if (set.status === 'filled') return { order, others: await endLinked(s, o, 'cancelled', now) }
  return { order, others: await followRest(s, order, now) }
}

/**
 * The other legs of a partly filled sell's group now sell what is left of its holding. One moved
 * by something else meanwhile loses the fill too (order_not_holding, rolled back).
 */
async function followRest({ db }: Settlement, o: OrderRow, now: number): Promise<OrderRow[]> {
  const rest = o.num - o.filled_num
  const moved: OrderRow[] = []
  for (const l of await linkedOf(db, o)) {
    if (l.holding_id !== o.holding_id || l.num === rest) continue
    if (!(await moveOrder(db, l, { num: rest }, now))) throw new Refusal('order_not_holding')
    moved.push({ ...l, num: rest, updated_at: BigInt(now) })
  }
  return moved
}
