import type { OrderKind, OrderSide } from '@kabu/shared/api/orders'
import { isOnTick } from '@kabu/shared/market/ticks'
import { Refusal } from '../common/refusal'
import { limitUnits, marketCeiling, type Tradable } from './order-rules'
import type { OrderRow } from './orders.sql'

/** The kind fields of a buy or a sell form (API.md "Orders"). */
export interface KindInput {
  kind?: OrderKind | undefined
  price: string | undefined
  trigger?: string | undefined
  trail?: string | undefined
}

/** What an order's kind asks, in units (money/units.ts). */
export interface OrderAsk {
  kind: OrderKind
  /** The limit it trades at once placed or fired (limit, stop_limit); null at the market. */
  limit: bigint | null
  /** A stop's trigger; a trailing stop's where it stands at placement. */
  trigger: bigint | null
  trail: bigint | null
  /** A trailing stop's best price so far (the last price when placed). */
  best: bigint | null
  /** Not fired yet: the order waits (status `waiting`) for a print to reach its trigger. */
  waiting: boolean
}

/** Which fields each kind takes: each one it names is required, every other one refused. */
const FIELDS: Record<OrderKind, ReadonlyArray<'price' | 'trigger' | 'trail'>> = {
  market: [],
  limit: ['price'],
  stop: ['trigger'],
  stop_limit: ['trigger', 'price'],
  trailing: ['trail'],
}

/** Whether a print at `price` reaches a stop: a buy's at or above its trigger, a sell's at or below. */
export const reaches = (side: OrderSide, trigger: bigint, price: bigint): boolean =>
  side === 'buy' ? price >= trigger : price <= trigger

/** Where a trailing stop's trigger stands `trail` away from its best price. */
export const trailingTrigger = (side: OrderSide, best: bigint, trail: bigint): bigint =>
  side === 'sell' ? best - trail : best + trail

/**
 * The kind an order asks for, checked against the market it is placed in (MARKET-RULES.md §8): a
 * stop's trigger on the tick grid; a stop already reached by the last price fires at once, as the
 * market or limit order it becomes; a trailing stop starts from the last price and always waits.
 * A kind's missing or extra field is invalid_input. The limit's own rules are the caller's
 * (checkOrderPrice), as for any order.
 */
export function orderAsk(t: Tradable, side: OrderSide, input: KindInput): OrderAsk {
  const kind = input.kind ?? (input.price === undefined ? 'market' : 'limit')
  const fields = FIELDS[kind]
  for (const field of ['price', 'trigger', 'trail'] as const) {
    if ((input[field] !== undefined) !== fields.includes(field)) throw new Refusal('invalid_input')
  }
  const limit = limitUnits(input.price)
  const plain = { kind, limit, trigger: null, trail: null, best: null, waiting: false }
  if (kind === 'trailing') {
    const trail = limitUnits(input.trail) as bigint
    const trigger = trailingTrigger(side, t.lastUnits, trail)
    if (trigger <= 0n) throw new Refusal('invalid_input')
    return { ...plain, trigger, trail, best: t.lastUnits, waiting: true }
  }
  if (kind === 'stop' || kind === 'stop_limit') {
    const trigger = limitUnits(input.trigger) as bigint
    if (!isOnTick(t.listing, Number(trigger) / 10_000)) throw new Refusal('invalid_input')
    return { ...plain, trigger, waiting: !reaches(side, trigger, t.lastUnits) }
  }
  return plain
}

/**
 * An OCO on a holding (API.md "Orders"): a take-profit limit at `price` above the last price and a
 * stop-loss at `trigger` that the last price has not reached, at the market or, with `stopPrice`,
 * a stop-limit. Anything else is invalid_input: an OCO whose leg would trade at once is no OCO.
 */
export function ocoAsks(
  t: Tradable,
  input: KindInput & { stopPrice?: string | undefined },
): { take: OrderAsk; stop: OrderAsk } {
  const { kind, price, trigger, trail, stopPrice } = input
  if (kind !== undefined || trail !== undefined || price === undefined || trigger === undefined) {
    throw new Refusal('invalid_input')
  }
  const take = orderAsk(t, 'sell', { kind: 'limit', price })
  const stopKind = stopPrice === undefined ? 'stop' : 'stop_limit'
  const stop = orderAsk(t, 'sell', { kind: stopKind, trigger, price: stopPrice })
  if ((take.limit as bigint) <= t.lastUnits || !stop.waiting) throw new Refusal('invalid_input')
  return { take, stop }
}

/** What a placed order asked, read back from its row. */
export function askOf(
  o: Pick<
    OrderRow,
    'side' | 'kind' | 'price' | 'trigger_price' | 'trail' | 'best_price' | 'status'
  >,
): OrderAsk {
  const { best_price: best, trail } = o
  const trailing = o.kind === 'trailing' && best !== null && trail !== null
  return {
    kind: o.kind,
    limit: o.price,
    trigger: trailing ? trailingTrigger(o.side, best, trail) : o.trigger_price,
    trail: o.trail,
    best: o.best_price,
    waiting: o.status === 'waiting',
  }
}

/**
 * The price a buy freezes its cash at: a waiting stop-limit at its limit, a waiting stop or
 * trailing stop at the highest a market buy could fill at (marketCeiling); otherwise
 * undefined (the caller's rule for a limit or a market order holds).
 */
export function waitingBuyPrice(t: Tradable, ask: OrderAsk): bigint | undefined {
  if (!ask.waiting) return undefined
  if (ask.limit !== null) return ask.limit
  const ceiling = marketCeiling(t, ask.trigger as bigint)
  return ceiling > (ask.trigger as bigint) ? ceiling : (ask.trigger as bigint)
}
