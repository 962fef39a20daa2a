import type { Kysely } from 'kysely'
import { accrualInstants, dayProfit } from '@kabu/shared/api/follow'
import { localDate } from '@kabu/shared/market/time-zone'
import type { Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import { isUniqueViolation } from '../../store/index'
import type { Ledger } from '../ledger/index'
import { claimDays, insertAccruals } from './accrual.sql'
import { profitTx, returnTx } from './postings'
import * as q from './products.sql'

/**
 * Orders paid in one SQL transaction by the job: one commit (and one flush of the log) for many
 * orders, not one per order and day, while a user's order waits behind it for a moment only.
 */
const BATCH = 250

/** An accrual day due to an order: its local date, its instant and the order's profit for it. */
interface DueDay {
  day: string
  at: number
  amount: bigint
}

/**
 * The days an order is due at `now` (after the last one paid, up to its deadline), each with its
 * profit. The instants and dates are shared by every order of a market paid up to the same instant
 * (after its first day, all of a product's): `instantsOf` computes them once per pass.
 */
function dueDays(
  order: q.OrderWithProduct,
  now: number,
  instantsOf: (market: Market, from: number, until: number) => { at: number; day: string }[],
): DueDay[] {
  const currency = order.currency as Currency
  const until = Math.min(now, Number(order.deadline))
  return instantsOf(order.market as Market, Number(order.accrued_until), until).map(
    ({ at, day }, i) => ({
      day,
      at,
      amount: dayProfit(order.amount, order.daily_rate, Number(order.days_paid) + i + 1, currency),
    }),
  )
}

function instantsCache() {
  const cache = new Map<string, { at: number; day: string }[]>()
  return (market: Market, from: number, until: number) => {
    const key = `${market}/${from}/${until}`
    let instants = cache.get(key)
    if (!instants) {
      instants = accrualInstants(market, from, until).map((at) => ({
        at,
        day: localDate(market, at),
      }))
      cache.set(key, instants)
    }
    return instants
  }
}

/**
 * Inside the caller's transaction: pays every accrual day of `orders` that is due at `now` (up to
 * each one's deadline), each day with its row and its own ledger transaction, in a handful of
 * statements for them all. An order's days are claimed first, by moving its paid-days count from
 * what the caller read: when another writer (a second gateway, the user's end) got there first its
 * claim finds nothing and that order is paid nothing here. Answers how many days each order was
 * paid.
 */
async function payDueDays(
  trx: Kysely<Database>,
  ledger: Ledger,
  orders: readonly q.OrderWithProduct[],
  now: number,
): Promise<number[]> {
  const instantsOf = instantsCache()
  const due = orders.map((order) => dueDays(order, now, instantsOf))
  const claimed = await claimDays(
    trx,
    orders.flatMap((order, i) => {
      const days = due[i]!
      if (days.length === 0) return []
      return [
        {
          id: order.id,
          daysBefore: order.days_paid,
          daysAfter: order.days_paid + BigInt(days.length),
          amount: days.reduce((sum, d) => sum + d.amount, 0n),
          accruedUntil: days.at(-1)!.at,
        },
      ]
    }),
  )
  const paid = orders.map((order, i) => (claimed.has(order.id) ? due[i]! : []))
  await insertAccruals(
    trx,
    orders.flatMap((order, i) =>
      paid[i]!.map((d) => ({ orderId: order.id, day: d.day, amount: d.amount, accrualAt: d.at })),
    ),
    now,
  )
  // A day whose share is still under the minor unit records its row and moves no money.
  const profits = orders.flatMap((order, i) => {
    const owner = {
      userId: order.user_id,
      orderNo: order.order_no,
      currency: order.currency as Currency,
    }
    return paid[i]!.filter((d) => d.amount > 0n).map((d) =>
      profitTx(owner, order.issuer_id, d.amount),
    )
  })
  await ledger.postMany(trx, profits)
  return paid.map((days) => days.length)
}

/** Pays one order's due days in a transaction of its own (before the user's end). */
export function accrueOrder(
  db: Kysely<Database>,
  ledger: Ledger,
  order: q.OrderWithProduct,
  now: number,
): Promise<number> {
  return db
    .transaction()
    .execute((trx) => payDueDays(trx, ledger, [order], now))
    .then(([paid]) => paid!)
}

/**
 * Pays a batch of orders in one transaction; if any of it fails (a day's key taken by a writer
 * the claim could not see, an issuer's book refusing a line), the batch rolls back whole and each
 * order is paid on its own, so one order's trouble is that order's alone.
 */
async function accrueBatch(
  db: Kysely<Database>,
  ledger: Ledger,
  orders: q.OrderWithProduct[],
  now: number,
): Promise<number[]> {
  try {
    return await db.transaction().execute((trx) => payDueDays(trx, ledger, orders, now))
  } catch {
    const paid: number[] = []
    for (const order of orders) {
      try {
        paid.push(await accrueOrder(db, ledger, order, now))
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        paid.push(0)
      }
    }
    return paid
  }
}

/** How many accrual days of an order are due at `now`: every one from its buy to min(now, deadline). */
export function daysDue(order: q.OrderWithProduct, now: number): number {
  const until = Math.min(now, Number(order.deadline))
  return accrualInstants(order.market as Market, Number(order.created_at), until).length
}

/**
 * Inside the caller's transaction: ends an order still following whose due days are all paid, and
 * returns its principal and accrued profit to `available`. 'ended' when it had ended already;
 * 'behind' when a day due is not paid yet (the caller pays it, then tries again).
 */
export async function returnOrder(
  trx: Kysely<Database>,
  ledger: Ledger,
  order: q.OrderWithProduct,
  reason: 'user' | 'deadline',
  now: number,
): Promise<'done' | 'ended' | 'behind'> {
  const ended = await q.endOrder(trx, order.id, reason, now, BigInt(daysDue(order, now)))
  if (!ended) return (await q.orderById(trx, order.id))?.status === q.ENDED ? 'ended' : 'behind'
  const currency = order.currency as Currency
  const owner = { userId: ended.user_id, orderNo: ended.order_no, currency }
  await ledger.post(trx, returnTx(owner, reason, ended.amount + ended.profit))
  return 'done'
}

/** Told after the commit of what the clock did to an order (the `/user` push, product:updated). */
export type OnSettled = (order: q.OrderWithProduct, what: 'accrued' | 'returned') => void

/**
 * One pass of the clock's work: every open order is paid its due days, then every order whose
 * deadline has come returns its principal and profit. Days are paid before the return, so a
 * deadline never cuts off a day that was due.
 */
export async function settleDue(
  db: Kysely<Database>,
  ledger: Ledger,
  now: number,
  onSettled: OnSettled = () => undefined,
) {
  let days = 0
  let returned = 0
  const open = await q.openOrders(db)
  for (let first = 0; first < open.length; first += BATCH) {
    const batch = open.slice(first, first + BATCH)
    const paid = await accrueBatch(db, ledger, batch, now)
    for (const [i, order] of batch.entries()) {
      if (paid[i]! > 0) onSettled(order, 'accrued')
      days += paid[i]!
      // A day another writer is still paying leaves it 'behind': the next pass returns it.
      if (Number(order.deadline) <= now) {
        const done = await db
          .transaction()
          .execute((trx) => returnOrder(trx, ledger, order, 'deadline', now))
        if (done === 'done') {
          returned++
          onSettled(order, 'returned')
        }
      }
    }
  }
  return { days, returned }
}
