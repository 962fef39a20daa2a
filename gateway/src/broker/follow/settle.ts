import type { Kysely } from 'kysely'
import { accrualInstants, dayProfit } from '@kabu/shared/api/follow'
import { localDate } from '@kabu/shared/market/time-zone'
import type { Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import { isUniqueViolation } from '../../store/index'
import type { Ledger } from '../ledger/index'
import { profitTx, returnTx } from './postings'
import * as q from './products.sql'

/** Another writer paid the day or ended the order first: this one's transaction rolls back. */
class Overtaken extends Error {}

/**
 * Pays every accrual day of one order that is due at `now` (up to its deadline), each day in its
 * own SQL transaction with its own ledger line. The (order, day) key and the paid-days count make a
 * day payable once, whichever gateway or re-run gets there: the loser rolls back and stops.
 * Answers how many days this call paid.
 */
export async function accrueOrder(
  db: Kysely<Database>,
  ledger: Ledger,
  order: q.OrderWithProduct,
  now: number,
): Promise<number> {
  const market = order.market as Market
  const currency = order.currency as Currency
  const until = Math.min(now, Number(order.deadline))
  let days = order.days_paid
  let paid = 0
  for (const at of accrualInstants(market, Number(order.accrued_until), until)) {
    const day = Number(days) + 1
    const amount = dayProfit(order.amount, order.daily_rate, day, currency)
    try {
      await db.transaction().execute(async (trx) => {
        await q.insertAccrual(trx, {
          order_id: order.id,
          day: localDate(market, at),
          amount,
          accrual_at: at,
          paid_at: now,
        })
        const added = await q.addDay(trx, {
          id: order.id,
          daysBefore: days,
          amount,
          accrualAt: at,
        })
        if (!added) throw new Overtaken()
        // A day whose share is still under the minor unit records its row and moves no money.
        if (amount > 0n) {
          await ledger.post(
            trx,
            profitTx(
              { userId: order.user_id, orderNo: order.order_no, currency },
              order.issuer_id,
              amount,
            ),
          )
        }
      })
    } catch (error) {
      if (error instanceof Overtaken || isUniqueViolation(error)) return paid
      throw error
    }
    days += 1n
    paid++
  }
  return paid
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
  for (const order of await q.openOrders(db)) {
    const paid = await accrueOrder(db, ledger, order, now)
    if (paid > 0) onSettled(order, 'accrued')
    days += paid
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
  return { days, returned }
}
