import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0016-products. Integers are bigint in JS on both stores (see ../schema.ts). */

/** A follow product, paid for by the issuer account `issuer_id`. */
export interface ProductsTable {
  id: GeneratedAlways<bigint>
  /** The issuer's account: a `users` row of status `issuer`. */
  issuer_id: Int
  /** The issuer's name as published. */
  issuer: string
  name_ja: string
  name_zh: string
  name_en: string
  market: string
  currency: string
  /** A fraction of the principal a day, exact decimal text ('0.0012'). */
  daily_rate: string
  min_amount: Int
  /** The most principal the product takes at once. */
  capacity: Int
  /** What the back office paid into the issuer's book for it: the most profit `capacity` earns. */
  funding: Int
  lock_days: Int
  opens_at: Int
  deadline: Int
  simulated: IntDefault
  /** The demo's key of a simulated product, so it is written once; null for the back office's. */
  sim_key: string | null
  created_by: string
  created_at: Int
}

/** A user's follow order: 0 following (money in the product book), 1 ended (returned). */
export interface ProductOrdersTable {
  id: GeneratedAlways<bigint>
  product_id: Int
  user_id: Int
  order_no: string
  currency: string
  /** The principal. */
  amount: Int
  /** The most profit by the deadline, fixed at the buy (accruedThrough of every day left). */
  max_profit: Int
  /** Profit paid so far. */
  profit: IntDefault
  days_paid: IntDefault
  /** The last accrual instant paid, or the buy time before the first. */
  accrued_until: Int
  lock_until: Int
  status: IntDefault
  end_reason: 'user' | 'deadline' | null
  ended_at: NullableInt
  created_at: Int
}

/** One day's profit of one order: (order_id, day) is unique, so it is paid once. */
export interface ProductAccrualsTable {
  id: GeneratedAlways<bigint>
  order_id: Int
  /** The market's local trading date. */
  day: string
  amount: Int
  accrual_at: Int
  paid_at: Int
}

export interface ProductsTables {
  products: ProductsTable
  product_orders: ProductOrdersTable
  product_accruals: ProductAccrualsTable
}
