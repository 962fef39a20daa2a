import type { Kysely } from 'kysely'
import type { OrderGroup } from '@kabu/shared/api/orders'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Database } from '../../store/index'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import { orderAsk, type OrderAsk } from './order-kinds'
import { sellOrderValues, type OrderValues } from './order-rows'
import { checkOrderPrice, type Tradable } from './order-rules'
import { moveOrder, reserveOrderId, insertOrderRow, type OrderRow } from './orders.sql'
import { transition } from './trading.sql'
import { WORKING_ORDERS } from '../../store/migrations/0048-order-partial-indexes'

/**
 * IFD and IFDOCO (MARKET-RULES.md §8): a buy whose exit is placed once it fills, for what it
 * filled. The exits are written with the entry, as sell orders waiting with no holding; when the
 * entry fills, its holding (the entry's id) is held for the sale and the exits start working:
 * a take-profit limit at `exit_price`, and for IFDOCO a stop-loss at `exit_trigger` as well, the
 * two an OCO of each other (linkedOf).
 */

export interface ExitInput {
  /** Exits without a group are refused. */
  group: Exclude<OrderGroup, 'oco'> | undefined
  exitPrice: string | undefined
  exitTrigger: string | undefined
}

/** The exits an entry asks for: a take-profit limit, and for IFDOCO a stop below it. */
export interface Exits {
  group: Exclude<OrderGroup, 'oco'>
  take: OrderAsk
  stop?: OrderAsk
}

/**
 * The exits of an IFD (`exit_price`) or IFDOCO (and `exit_trigger`, under the exit price), checked
 * as a sell of today: the limit on the grid and inside the day's limits, the trigger on the grid.
 */
export function exitAsks(t: Tradable, input: ExitInput): Exits {
  const { group, exitPrice, exitTrigger } = input
  const stopless = group === 'ifd'
  if (!group || exitPrice === undefined || (exitTrigger === undefined) !== stopless) {
    throw new Refusal('invalid_input')
  }
  const take = { ...orderAsk(t, 'sell', { kind: 'limit', price: exitPrice }), waiting: true }
  checkOrderPrice(t, take.limit, 'sell')
  if (stopless) return { group, take }
  const stop = { ...orderAsk(t, 'sell', { kind: 'stop', trigger: exitTrigger, price: undefined }) }
  if ((stop.trigger as bigint) >= (take.limit as bigint)) throw new Refusal('invalid_input')
  return { group, take, stop: { ...stop, waiting: true } }
}

/** Writes an entry's exits, waiting, in the entry's transaction. */
export async function insertExits(
  db: Kysely<Database>,
  entry: Pick<
    OrderValues,
    'user_id' | 'code' | 'market' | 'currency' | 'num' | 'validity' | 'account'
  > & {
    id: bigint
    expires_at: number
  },
  exits: Exits,
  now: number,
): Promise<Array<OrderValues & { id: bigint }>> {
  const link = { kind: exits.group, id: entry.id, parent: entry.id }
  const written: Array<OrderValues & { id: bigint }> = []
  for (const ask of exits.stop ? [exits.take, exits.stop] : [exits.take]) {
    const values = sellOrderValues({
      userId: entry.user_id,
      orderNo: newOrderNo('TR', now),
      code: entry.code,
      market: entry.market,
      currency: entry.currency,
      holdingId: null,
      num: BigInt(entry.num),
      limit: ask.limit,
      validity: entry.validity,
      expiresAt: entry.expires_at,
      now,
      leverage: 1n,
      ask,
      link,
      // They sell the entry's holding, in the entry's account.
      account: entry.account,
    })
    const id = await reserveOrderId(db)
    await insertOrderRow(db, { id, ...values })
    written.push({ id, ...values })
  }
  return written
}

/**
 * Starts an entry's exits for what it filled, in the transaction that ended it (its last fill, or
 * the cancel or lapse of its rest): its holding (of the entry's id) is held for the sale at the
 * take-profit's limit, the take-profit rests open and the stop waits for its trigger on that
 * holding, each for the entry's filled shares. Answers the exits as they now stand.
 */
export async function startExits(
  db: Kysely<Database>,
  entry: Pick<OrderRow, 'id' | 'filled_num'>,
  now: number,
): Promise<OrderRow[]> {
  const exits = await db
    .selectFrom('orders')
    .selectAll()
    .where('parent_id', '=', entry.id)
    .where('status', '=', 'waiting')
    .where(WORKING_ORDERS)
    .where('holding_id', 'is', null)
    .orderBy('id')
    .execute()
  if (exits.length === 0) return []
  const take = exits.find((e) => e.kind === 'limit')
  const held = { status: HOLDING.closing, sell_price: take?.price ?? null, sell_ordered_at: now }
  if (!(await transition(db, entry.id, HOLDING.holding, held))) {
    throw new Error(`holding ${entry.id} was not held as its IFD entry filled`)
  }
  const started: OrderRow[] = []
  for (const e of exits) {
    const shares = { holding_id: entry.id, num: entry.filled_num }
    const set = e.kind === 'limit' ? ({ status: 'open', ...shares } as const) : shares
    if (!(await moveOrder(db, e, set, now))) throw new Refusal('order_not_holding')
    started.push({ ...e, ...set, updated_at: BigInt(now) })
  }
  return started
}
