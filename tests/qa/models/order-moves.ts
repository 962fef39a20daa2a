import { randomUUID } from 'node:crypto'
import { isWorking, type WireOrder } from '@kabu/shared/api/orders'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Kit } from '../model'
import type { Target } from '../target'
import { caller } from './live'
import { LOT, priceAway, quoteOf } from './order-market'

/**
 * What the kit does, as the user would, to move a resting order on: nothing here reaches the
 * gateway's matcher or its database. A resting order fills only when the simulator prints
 * through it; the kit moves its price there (訂正) and waits for that print.
 */

/** How long the simulator may take to print through a price just past the market. */
const PRINT_WAIT_MS = 40_000
const MINUTE = 60_000

/**
 * Waits until order `id` stopped working (filled whole: a print of fewer shares than it wants
 * fills it in part, and the next prints fill the rest); its last reading.
 */
async function untilDone(target: Target, grant: SessionGrant, id: string): Promise<WireOrder> {
  const call = caller(target, grant)
  const until = Date.now() + PRINT_WAIT_MS
  for (;;) {
    const order = await call<WireOrder>('/trade/orderInfo', { id })
    if (!isWorking(order.status)) return order
    if (Date.now() > until) return order
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Moves resting order `id` past the market so the next print fills it: a buy's limit one percent
 * over the last print, a waiting stop buy's trigger one percent under it (it fires, at the
 * market), a sell's limit one percent under. Returns once it filled or the wait ran out (the
 * machine's own watch then says which).
 */
export async function fillSoon(
  target: Target,
  grant: SessionGrant,
  id: string,
  move: 'limit up' | 'trigger down' | 'limit down',
): Promise<void> {
  const quote = await quoteOf(target)
  const price = priceAway(quote, move === 'limit up' ? 1 : -1)
  const field = move === 'trigger down' ? 'trigger' : 'price'
  await caller(target, grant)('/trade/amend', { id, [field]: price, idem: randomUUID() })
  await untilDone(target, grant, id)
}

/** Moves the target's clock past the 15-minute lock after a buy (sell_after_15_minutes). */
export async function pastSellLock(kit: Kit): Promise<void> {
  const { now } = await kit.target.ops<{ now: string }>('GET', '/clock')
  const at = new Date(Date.parse(now) + 16 * MINUTE).toISOString()
  await kit.target.ops('POST', '/clock', { at })
}

/**
 * Sells holding `id` (one lot) as the position screen does, past its lock: at the market (it
 * closes at once), or at a limit three percent over the market (it rests: the holding is closing).
 */
export async function sellHolding(
  kit: Kit,
  grant: SessionGrant,
  id: string,
  at: 'market' | 'limit over',
): Promise<void> {
  await pastSellLock(kit)
  const price = at === 'market' ? undefined : priceAway(await quoteOf(kit.target), 3)
  const form = { id, num: String(LOT), price, idem: randomUUID() }
  await caller(kit.target, grant)('/trade/sell', form)
}

/** The working sell of holding `id` (the one a `limit over` sell left resting). */
export async function restingSellOf(
  target: Target,
  grant: SessionGrant,
  code: string,
): Promise<WireOrder | undefined> {
  const open = await caller(target, grant)<WireOrder[]>('/trade/orders', {
    type: 'jpy',
    status: 'open',
  })
  return open.find((o) => o.side === 'sell' && o.code === code)
}
