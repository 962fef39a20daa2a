import {
  accrualInstants,
  accrualTimeText,
  accruedThrough,
  principalCovered,
  ROUNDING_RULE,
  type Product,
  type ProductOrder,
  type ProductOrderStatus,
} from '@kabu/shared/api/follow'
import { TIME_ZONE } from '@kabu/shared/market/time-zone'
import type { Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import * as q from './products.sql'

/** What a product can still take now, from its capacity and its issuer's free funding. */
export interface Room {
  /** The principal of its open orders. */
  open: bigint
  /** The issuer's funding less what it owes every open order to its deadline. */
  free: bigint
}

/** Accrual days a buy at `now` would earn by the product's deadline. */
export const daysLeft = (p: q.ProductRow, now: number) =>
  accrualInstants(p.market as Market, now, Number(p.deadline)).length

export function phaseOf(p: q.ProductRow, now: number, days: number): Product['phase'] {
  if (now < Number(p.opens_at)) return 'upcoming'
  return now >= Number(p.deadline) || days === 0 ? 'closed' : 'open'
}

/** The most a buy may put in now: the capacity left, and what the issuer's free funding covers. */
export function remainingOf(p: q.ProductRow, room: Room, days: number): bigint {
  const byCapacity = p.capacity - room.open
  const byFunding = principalCovered(room.free, p.daily_rate, days, p.currency as Currency) ?? 0n
  const least = byCapacity < byFunding ? byCapacity : byFunding
  return least > 0n ? least : 0n
}

export function productWire(p: q.ProductRow, room: Room, now: number): Product {
  const market = p.market as Market
  const currency = p.currency as Currency
  const days = daysLeft(p, now)
  const phase = phaseOf(p, now, days)
  return {
    id: String(p.id),
    name: { ja: p.name_ja, zh: p.name_zh, en: p.name_en },
    issuer: p.issuer,
    market,
    currency,
    daily_rate: p.daily_rate,
    min: formatUnits(p.min_amount),
    lock_days: Number(p.lock_days),
    opens_at: Number(p.opens_at),
    deadline: Number(p.deadline),
    capacity: formatUnits(p.capacity),
    remaining: formatUnits(phase === 'closed' ? 0n : remainingOf(p, room, days)),
    days_left: days,
    min_total_profit: formatUnits(accruedThrough(p.min_amount, p.daily_rate, days, currency)),
    accrual_time: accrualTimeText(market),
    time_zone: TIME_ZONE[market],
    rounding: ROUNDING_RULE,
    phase,
    simulated: p.simulated === 1n,
  }
}

export function orderWire(o: q.OrderWithProduct, now: number): ProductOrder {
  const ended = o.status === q.ENDED
  const lockUntil = Number(o.lock_until)
  return {
    id: String(o.id),
    order_no: o.order_no,
    product_id: String(o.product_id),
    name: { ja: o.name_ja, zh: o.name_zh, en: o.name_en },
    issuer: o.issuer,
    currency: o.currency as Currency,
    status: Number(o.status) as ProductOrderStatus,
    state: ended ? 'ended' : now < lockUntil ? 'locked' : 'following',
    money: formatUnits(o.amount + o.profit),
    principal: formatUnits(o.amount),
    profit: formatUnits(o.profit),
    max_profit: formatUnits(o.max_profit),
    daily_rate: o.daily_rate,
    days: Number(o.days_paid),
    lock_days: Number(o.lock_days),
    lock_until: lockUntil,
    deadline: Number(o.deadline),
    created: Number(o.created_at),
    ended: o.ended_at === null ? null : Number(o.ended_at),
    end_reason: o.end_reason,
  }
}
