import type { Kysely } from 'kysely'
import { isWorking } from '@kabu/shared/api/orders'
import { isOnTick } from '@kabu/shared/market/ticks'
import type { Currency } from '@kabu/shared/money/currencies'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import { checkedIdempotent } from '../common/replayable'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import type { SessionUser } from '../common/session-user'
import type { Ledger } from '../ledger/index'
import type { OrderBookDeps } from './order-book'
import { restingNeed } from './order-fills'
import { askOf, waitingBuyPrice } from './order-kinds'
import { checkLots, checkOrderPrice, limitUnits, tradable } from './order-rules'
import { orderUpdated } from './order-settle'
import { moveOrder, orderOf, type OrderRow } from './orders.sql'
import { lowerRestingSell } from './sale-claim'

export interface AmendInput {
  id: bigint
  price: string | undefined
  /** Lower only. */
  num: number | undefined
  trigger: string | undefined
  idem: string
}

/** The order as amended: its limit, trigger, quantity and (a buy) the cash it freezes. */
interface Amended {
  o: OrderRow
  price: bigint | null
  trigger: bigint | null
  num: bigint
  frozen: bigint
  /** A NISA buy's growth room reserved at the new price for its rest (else 0). */
  reserved: bigint
}

/** The cash a buy's amendment moves: more frozen from available, or the difference back. */
function refreezing(ledger: Ledger, db: Kysely<Database>, a: Amended) {
  const change = a.frozen - a.o.frozen
  if (change === 0n) return Promise.resolve()
  const book = (name: 'available' | 'frozen', amount: bigint) => ({
    account: { user: a.o.user_id, book: name, currency: a.o.currency as Currency },
    amount,
  })
  // Throws insufficient_balance (rolling the amendment back) when available cash falls short.
  return ledger.post(db, {
    kind: 'trade_amend',
    userId: a.o.user_id,
    orderNo: a.o.order_no,
    postings: [book('available', -change), book('frozen', change)],
  })
}

/**
 * 訂正 (MARKET-RULES.md §8): a working order's limit, a lower quantity, and a waiting stop's
 * trigger, checked like a new order's (grid, limits, lots); its validity stays. An order with no
 * limit (a stop at the market, a trailing stop) has no price to change. A buy's frozen cash follows the new price and
 * quantity in the same transaction; a sell lowered leaves the rest of its holding held. The write
 * is guarded by the order as read, so an amendment racing a fill, a cancel or a lapse loses
 * (order_not_holding) rather than changing an order that has moved on.
 */
export function createAmend(
  deps: OrderBookDeps & { market: MarketService; selfFrozen: SelfFrozen },
) {
  const { db, clock, ledger, settings, market } = deps

  return async function amend(user: SessionUser, input: AmendInput): Promise<{ id: string }> {
    const body = {
      id: String(input.id),
      price: input.price ?? null,
      num: input.num ?? null,
      ...(input.trigger === undefined ? {} : { trigger: input.trigger }),
    }
    const key = { userId: user.userId, scope: 'trade_amend', idem: input.idem, body }
    let plan: Amended | undefined
    // Set by this call's own write (not a replay's answer): the change is announced after it.
    let amended = false
    const checks = async () => {
      // Changing an order is trading; cancelling it is not held (FREEZE_COVERS).
      await refuseIfHeld(deps.selfFrozen, db, user, 'order_amend')
      const o = await orderOf(db, user.userId, input.id)
      if (!o) throw new Refusal('not_found')
      if (!isWorking(o.status)) throw new Refusal('order_not_holding')
      const nothing = [input.price, input.num, input.trigger].every((v) => v === undefined)
      // A trigger moves only on a stop that has not fired; a price only on an order with a limit.
      const stopWaits = o.status === 'waiting' && o.trigger_price !== null && o.kind !== 'trailing'
      const noTrigger = input.trigger !== undefined && !stopWaits
      if (nothing || noTrigger || (input.price !== undefined && o.price === null)) {
        throw new Refusal('invalid_input')
      }
      const t = tradable(market, o.code)
      const price = limitUnits(input.price) ?? o.price
      if (price !== null) checkOrderPrice(t, price, o.side)
      const trigger = limitUnits(input.trigger) ?? o.trigger_price
      if (trigger !== null && !isOnTick(t.listing, Number(trigger) / 10_000)) {
        throw new Refusal('invalid_input')
      }
      const num = input.num === undefined ? o.num : BigInt(input.num)
      if (input.num !== undefined) checkLots(t.listing, input.num)
      // Lower only, and never under what has filled.
      const notLower = input.num !== undefined && num >= o.num
      if (notLower || num <= o.filled_num) throw new Refusal('invalid_input')
      if (num < o.num && o.leverage > 1n) throw new Refusal('credit_whole_only')
      // The orders of a group are for the same shares.
      if (num < o.num && o.group_kind !== null) throw new Refusal('invalid_input')
      // A buy freezes what it may cost: at its limit, or a stop's at the most a market buy can.
      const ask = { ...askOf(o), limit: price, trigger }
      const at = waitingBuyPrice(t, ask) ?? (price as bigint)
      const rest = num - o.filled_num
      const frozen =
        o.side === 'buy' ? restingNeed(settings, t.listing.market, at, rest, o.filled_value) : 0n
      const reserved = o.side === 'buy' && o.account === 'nisa' ? at * rest : 0n
      plan = { o, price, trigger, num, frozen, reserved }
    }
    const answer = await checkedIdempotent(db, key, checks, async (trx) => {
      if (!plan) throw new Error('amend ran without its checks')
      const { o, price, trigger, num, frozen, reserved } = plan
      const now = clock.now()
      const nisa = o.account === 'nisa' && o.side === 'buy' ? { nisa_reserved: reserved } : {}
      const set = { price, trigger_price: trigger, num, frozen, ...nisa }
      if (!(await moveOrder(trx, o, set, now))) throw new Refusal('order_not_holding')
      // A NISA buy that now reserves more must still fit its growth frame (nisa_limit).
      if (reserved > o.nisa_reserved) await deps.nisa.recheck(trx, o.user_id, now)
      if (o.side === 'buy') await refreezing(ledger, trx, plan)
      // An OCO's holding shows its take-profit's limit; a stop leg leaves it as it is.
      else if (o.group_kind === null || o.kind === 'limit') {
        // Its holding holds what is not yet sold.
        const unsold = (n: bigint) => n - o.filled_num
        const lowered = {
          from: unsold(o.num),
          to: unsold(num),
          price,
          orderNo: newOrderNo('TR', now),
        }
        if (!(await lowerRestingSell(trx, o.holding_id as bigint, lowered))) {
          throw new Error(`holding ${o.holding_id} left closing under its working sell ${o.id}`)
        }
      }
      amended = true
      return { id: String(o.id) }
    })
    if (amended && plan) deps.userEvents.emit(user.userId, orderUpdated(plan.o))
    return answer
  }
}
