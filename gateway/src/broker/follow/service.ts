import type { Kysely, Transaction } from 'kysely'
import { parseAmount } from '@kabu/shared/api/funds-amounts'
import { OPS_PRODUCTS_PAGE_SIZE } from '@kabu/shared/api/ops'
import {
  accruedThrough,
  LOCK_DAY_MS,
  type OpsProduct,
  type Product,
  type ProductAccrual,
  type ProductOrder,
} from '@kabu/shared/api/follow'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { IdentityChecks } from '../common/identity-checks'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import { idempotent } from '../common/idempotency'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import { checkedIdempotent } from '../common/replayable'
import type { SessionUser } from '../common/session-user'
import type { Ledger } from '../ledger/index'
import { buyTx } from './postings'
import * as q from './products.sql'
import { accrueOrder, returnOrder } from './settle'
import { daysLeft, orderWire, phaseOf, productWire, remainingOf, type Room } from './wire'

export interface ProductsDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  checks: Pick<IdentityChecks, 'verifyFundPassword'>
  /** The user's own freeze of trading (the trust panel) refuses their orders here too. */
  selfFrozen: SelfFrozen
}

export interface ProductBuyInput {
  id: bigint
  money: string
  fundPassword: string | undefined
  idem: string
}

export type ProductsService = ReturnType<typeof createProductsService>

/** An end that found a day due but unpaid: it rolls back, the day is paid, the end runs again. */
class Behind extends Error {}

/** What a product can still take, read inside the caller's transaction (or outside it). */
async function roomOf(db: Kysely<Database>, p: q.ProductRow): Promise<Room> {
  const currency = p.currency as Currency
  const [open, funds, owes] = await Promise.all([
    q.openPrincipal(db, p.id),
    q.issuerFunds(db, p.issuer_id, currency),
    q.issuerOwes(db, p.issuer_id, currency),
  ])
  return { open, free: funds - owes }
}

/**
 * Follow products: the published figures of each product, the buy (principal from `available`
 * into the `product` book, refused when the capacity left or the issuer's free funding could not
 * pay it to the deadline), and the user's end after the lock-up. The days' profit and the return
 * at the deadline are the job's (settle.ts).
 */
export function createProductsService(deps: ProductsDeps) {
  const { db, clock, ledger } = deps

  async function product(id: bigint): Promise<q.ProductRow> {
    const p = await q.productById(db, id)
    if (!p) throw new Refusal('product_unavailable')
    return p
  }

  /** The buy's rules that hold whatever else is in flight (time, amount, minimum). */
  function buyable(p: q.ProductRow, money: string, now: number) {
    const days = daysLeft(p, now)
    const phase = phaseOf(p, now, days)
    if (phase === 'upcoming') throw new Refusal('product_unavailable')
    if (phase === 'closed') throw new Refusal('product_time_limit_passed')
    const amount = parseAmount(money, p.currency as Currency)
    if (amount === 'amount_invalid') throw new Refusal('amount_invalid')
    if (amount < p.min_amount) throw new Refusal('below_minimum_buy')
    return { amount, days }
  }

  async function place(
    trx: Transaction<Database>,
    user: SessionUser,
    p: q.ProductRow,
    money: string,
  ) {
    const now = clock.now()
    const { amount, days } = buyable(p, money, now)
    const currency = p.currency as Currency
    // Buys against one issuer queue here, so its free funding is read by one at a time.
    await q.lockIssuer(trx, p.issuer_id)
    if (amount > remainingOf(p, await roomOf(trx, p), days)) {
      throw new Refusal('product_capacity_exceeded')
    }
    const orderNo = newOrderNo('FP', now)
    const id = await q.insertOrder(trx, {
      product_id: p.id,
      user_id: user.userId,
      order_no: orderNo,
      currency,
      amount,
      max_profit: accruedThrough(amount, p.daily_rate, days, currency),
      accrued_until: now,
      lock_until: now + Number(p.lock_days) * LOCK_DAY_MS,
      created_at: now,
    })
    await ledger.post(trx, buyTx({ userId: user.userId, orderNo, currency }, amount))
    return { id: String(id), order_no: orderNo }
  }

  async function myOrder(userId: bigint, id: bigint) {
    const order = await q.orderOf(db, userId, id)
    if (!order) throw new Refusal('not_found')
    return order
  }

  return {
    async list(type: MarketType): Promise<Product[]> {
      const now = clock.now()
      const rows = await q.productsOfMarket(db, MARKET_OF_TYPE[type], now)
      return Promise.all(rows.map(async (p) => productWire(p, await roomOf(db, p), now)))
    },

    /** The back office's list: every product with its figures now, and who made it. */
    async page(page: number): Promise<OpsProduct[]> {
      const now = clock.now()
      const size = OPS_PRODUCTS_PAGE_SIZE
      const rows = await q.productsPage(db, (page - 1) * size, size)
      return Promise.all(
        rows.map(async (p) => ({
          ...productWire(p, await roomOf(db, p), now),
          created_by: p.created_by,
          created: Number(p.created_at),
        })),
      )
    },

    async info(id: bigint): Promise<Product> {
      const p = await product(id)
      return productWire(p, await roomOf(db, p), clock.now())
    },

    async buy(
      user: SessionUser,
      input: ProductBuyInput,
    ): Promise<{ id: string; order_no: string }> {
      const key = {
        userId: user.userId,
        scope: 'product_buy',
        idem: input.idem,
        body: { id: String(input.id), money: input.money },
      }
      let p: q.ProductRow | undefined
      const checks = async () => {
        await refuseIfHeld(deps.selfFrozen, db, user, 'follow_buy')
        p = await product(input.id)
        buyable(p, input.money, clock.now())
        await deps.checks.verifyFundPassword(db, user.userId, input.fundPassword)
      }
      return checkedIdempotent(db, key, checks, (trx) => {
        if (!p) throw new Error('product buy ran without its checks')
        return place(trx, user, p, input.money)
      })
    },

    /**
     * The user ends an order after its lock-up: the days due are paid first, then principal and
     * profit return to `available`. Past the deadline it is the deadline's return.
     */
    async end(user: SessionUser, id: bigint, idem: string): Promise<ProductOrder> {
      const key = { userId: user.userId, scope: 'product_end', idem, body: { id: String(id) } }
      try {
        await refuseIfHeld(deps.selfFrozen, db, user, 'follow_end')
      } catch (refusal) {
        // A retry of an end that went through still gets its first answer, as checkedIdempotent's.
        if (!(refusal instanceof Refusal)) throw refusal
        return idempotent<ProductOrder>(db, key, () => Promise.reject(refusal))
      }
      for (let tries = 0; ; tries++) {
        const now = clock.now()
        const order = await myOrder(user.userId, id)
        // The days due are paid first, each its own line (a retry finds none left to pay).
        if (order.status === q.FOLLOWING) await accrueOrder(db, ledger, order, now)
        const answer = await idempotent(db, key, async (trx) => {
          const current = await q.orderOf(trx, user.userId, id)
          if (!current) throw new Refusal('not_found')
          if (current.status === q.ENDED) throw new Refusal('order_not_holding')
          if (now < Number(current.lock_until)) throw new Refusal('product_locked')
          const reason = now >= Number(current.deadline) ? 'deadline' : 'user'
          const done = await returnOrder(trx, ledger, current, reason, now)
          if (done === 'ended') throw new Refusal('order_not_holding')
          if (done === 'behind') throw new Behind()
          const ended = await q.orderOf(trx, user.userId, id)
          if (!ended) throw new Error(`order ${id} vanished inside its own end`)
          return orderWire(ended, now)
        }).catch((error: unknown) => {
          // A day fell due meanwhile: nothing was kept, pay it and try again.
          if (error instanceof Behind && tries < 3) return null
          throw error
        })
        if (answer) return answer
      }
    },

    async orders(userId: bigint, type: MarketType): Promise<ProductOrder[]> {
      const now = clock.now()
      const rows = await q.ordersOf(db, userId, CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]])
      return rows.map((row) => orderWire(row, now))
    },

    async order(
      userId: bigint,
      id: bigint,
    ): Promise<ProductOrder & { accruals: ProductAccrual[] }> {
      const row = await myOrder(userId, id)
      const accruals = await q.accrualsOf(db, row.id)
      return {
        ...orderWire(row, clock.now()),
        accruals: accruals.map((a) => ({
          day: a.day,
          amount: formatUnits(a.amount),
          at: Number(a.accrual_at),
        })),
      }
    },
  }
}
