import { sql, type Kysely } from 'kysely'
import { isWorking } from '@kabu/shared/api/orders'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Clock } from '../../clock'
import type { SessionUser } from '../common/session-user'
import type { MarketService } from '../../market/index'
import { onPostgres, type Database } from '../../store/index'
import { checkedIdempotent } from '../common/replayable'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import { inTaxableAccount } from '../common/tax-book'
import type { UserEvents } from '../common/user-events'
import { Refusal } from '../common/refusal'
import type { FreshHoldings } from './fresh-holdings'
import { newOrderNo } from '../common/order-no'
import { ocoAsks, orderAsk, type KindInput } from './order-kinds'
import { checkLots, checkOrderPrice, sellLock, tradable } from './order-rules'
import { sellOrderValues, type OrderValues } from './order-rows'
import { orderUpdated } from './order-settle'
import { termOrRefuse } from './order-term'
import { marketDays } from '@kabu/shared/market/validity'
import { NEXT_ID, orderOf, reserveOrderId } from './orders.sql'
import { recordSell, saleFees, sellOrderOf, type SellAsk } from './sell-orders'
import { claimForSale } from './sale-claim'
import { closeHolding, saleOf, taxableSale, type Settlement } from './settle'
import * as q from './trading.sql'

export interface SellInput {
  id: bigint
  num: number
  price: string | undefined
  idem: string
  /** `day` (the default) or the last date a resting sell stays in the book. */
  validity?: string
  /** The order's kind and its trigger or trail (API.md "Orders"); absent: by `price`. */
  kind?: KindInput['kind']
  trigger?: string | undefined
  trail?: string | undefined
  /** An OCO: `price` takes profit, `trigger` (and `stopPrice`) stops the loss (ocoAsks). */
  group?: 'oco' | undefined
  stopPrice?: string | undefined
}

/** A holding whose buy order still works (partly filled) is not sold until that order ends. */
async function refuseWhileBuying(db: Kysely<Database>, h: q.HoldingRow): Promise<void> {
  const buy = await orderOf(db, h.user_id, h.id)
  if (buy && isWorking(buy.status)) throw new Refusal('buy_still_working')
}

/** What a sell needs of the trading service's dependencies (service.ts `TradingDeps`). */
export interface SellDeps extends Settlement {
  clock: Clock
  market: MarketService
  /** The user's own freeze of trading (the trust panel): their sells are refused. */
  selfFrozen: SelfFrozen
  userEvents: UserEvents
  marketHours: 'real' | 'always'
}

/**
 * Sells under MARKET-RULES.md: whole lots of a holding (a credit position whole), not before the
 * sell lock, not the day of a Chinese buy (T+1). A sell at the market (or a limit at or under the
 * last price) closes at once at the last price; a limit above it rests as an open sell order on
 * the holding (held, status 1 closing) until the matcher fills it or its validity ends. Every sell
 * is an `orders` row with its fill, written with the sale. `fresh` holds what a market buy just wrote, so that selling it needs no read first.
 */
export function createSell(deps: SellDeps, fresh: FreshHoldings) {
  const { db, clock, market, settings } = deps
  const settlement = (trx: Kysely<Database>): Settlement => ({ ...deps, db: trx })
  // PostgreSQL's hot path: a whole market sell is one statement.
  const oneStatement = onPostgres(db)

  /** A sell, its holding read from the database, or as a market buy just wrote it (`kept`). */
  async function sellFrom(
    user: SessionUser,
    input: SellInput,
    kept: q.HoldingRow | undefined,
  ): Promise<{ id: string }> {
    const validity = input.validity ?? 'day'
    const body = {
      id: String(input.id),
      num: input.num,
      price: input.price ?? null,
      ...(validity !== 'day' ? { validity } : {}),
      ...(input.kind ? { kind: input.kind } : {}),
      ...(input.trigger ? { trigger: input.trigger } : {}),
      ...(input.trail ? { trail: input.trail } : {}),
      ...(input.group ? { group: input.group, stop_price: input.stopPrice ?? null } : {}),
    }
    const key = { userId: user.userId, scope: 'trade_sell', idem: input.idem, body }
    let plan:
      | {
          h: q.HoldingRow
          last: bigint
          limit: bigint | null
          /** A limit above the market, any under a special quote, or a stop waiting rests (status 1). */
          rests: boolean
          /** All of it at the market: one conditional UPDATE closes it (no stop at closing). */
          whole: boolean
          ask: SellAsk
          /** An OCO's stop-loss leg, `ask` being its take-profit. */
          stop?: SellAsk | undefined
        }
      | undefined
    // The orders this call wrote (not a replay's): announced once it has committed.
    const placed: Array<OrderValues & { id: bigint }> = []
    const checks = async () => {
      await refuseIfHeld(deps.selfFrozen, db, user, 'stock_sell')
      const h = kept ?? (await q.holdingOf(db, user.userId, input.id))
      if (!h) {
        // An unfilled buy's row (status 2) is the user's, but no shares to sell yet.
        if (await orderOf(db, user.userId, input.id)) throw new Refusal('order_not_holding')
        throw new Refusal('not_found')
      }
      if (h.side === 'short') throw new Refusal('short_cover_by_buy')
      if (h.status !== BigInt(HOLDING.holding)) throw new Refusal('order_not_holding')
      // Bought by a limit (a market buy fills whole at once): its order may still be filling it.
      if (!kept && h.limit_price !== null) await refuseWhileBuying(db, h)
      const t = tradable(market, h.code)
      // Whole lots, any part of the holding: the rest stays held with its buy price and time.
      checkLots(t.listing, input.num)
      if (BigInt(input.num) > h.stock_num) throw new Refusal('invalid_input')
      // A credit position repays its debt from one sale, so it is sold whole.
      if (h.leverage > 1n && BigInt(input.num) !== h.stock_num) {
        throw new Refusal('credit_whole_only')
      }
      // A stop-limit leg's price belongs to an OCO.
      if (input.group === undefined && input.stopPrice !== undefined) {
        throw new Refusal('invalid_input')
      }
      const oco = input.group === 'oco' ? ocoAsks(t, input) : undefined
      const ask = oco?.take ?? orderAsk(t, 'sell', input)
      const limit = ask.limit
      // A stop waiting to fire is checked as a market order when it does (order-triggers.ts).
      if (!ask.waiting || limit !== null) checkOrderPrice(t, limit, 'sell')
      if (oco?.stop.limit) checkOrderPrice(t, oco.stop.limit, 'sell')
      const now = clock.now()
      // A limit above the market (or any under a special quote) rests, as does a stop not fired.
      const rests =
        ask.waiting || (limit !== null && (limit > t.lastUnits || Boolean(t.quote.special)))
      if (!rests && market.isStale(t.listing.code)) {
        throw new Refusal('quote_stale')
      }
      const locked = sellLock(h, settings.sellLockMinutes, now)
      if (locked) throw new Refusal(locked)
      const whole = !rests && BigInt(input.num) === h.stock_num
      const days = marketDays(t.listing.market, deps.marketHours)
      const { expiresAt } = termOrRefuse(days, now, validity, settings.orderGtdDays)
      const term = { validity, expiresAt }
      plan = { h, last: t.lastUnits, limit, rests, whole, ask: { ...ask, ...term } }
      if (oco) plan.stop = { ...oco.stop, ...term }
    }
    const answer = await checkedIdempotent(
      db,
      key,
      checks,
      async (trx) => {
        if (!plan) throw new Error('sell ran without its checks')
        const { h, last, limit, rests } = plan
        const now = clock.now()
        const id = await reserveOrderId(trx)
        if (plan.whole) {
          if (!(await closeHolding(settlement(trx), h, HOLDING.holding, last, now))) {
            throw new Refusal('order_not_holding')
          }
          const order = sellOrderOf(h, plan.ask, newOrderNo('TR', now), now, last)
          placed.push(await recordSell(trx, settings, id, order))
          return { id: String(h.id) }
        }
        const orderNo = newOrderNo('TR', now)
        const sold = await claimForSale(trx, h, {
          num: BigInt(input.num),
          sellPrice: rests ? limit : null,
          orderNo,
          orderedAt: now,
        })
        if (!sold) throw new Refusal('order_not_holding')
        if (!rests && !(await closeHolding(settlement(trx), sold, HOLDING.closing, last, now))) {
          throw new Error(`holding ${sold.id} left closing inside its own sell`)
        }
        const order = sellOrderOf(sold, plan.ask, orderNo, now, rests ? undefined : last)
        if (!plan.stop) {
          placed.push(await recordSell(trx, settings, id, order))
          return { id: String(sold.id) }
        }
        // The OCO's two legs, one group under the take-profit's id.
        const link = { kind: 'oco', id, parent: null } as const
        placed.push(await recordSell(trx, settings, id, { ...order, link }))
        const stop = sellOrderOf(sold, plan.stop, newOrderNo('TR', now), now, undefined)
        const stopId = await reserveOrderId(trx)
        placed.push(await recordSell(trx, settings, stopId, { ...stop, link }))
        return { id: String(sold.id) }
      },
      // All of it at the market on PostgreSQL: the close, the proceeds and the key, one statement.
      // Only a sale that credits the user can be one: the statement commits its first step (the
      // close) by itself, so a sale whose fees exceed its proceeds (a debit after the close) takes
      // the transaction above, where a refused debit rolls the close back. So does a NISA
      // holding's (its growth frame given back: settle.ts closeHolding) and a taxable one that
      // withholds or refunds (a ledger transaction of its own); the taxable account's event of
      // any other is written by the statement, under the gate of what the tax book read for it.
      async () => {
        if (!(oneStatement && plan?.whole && plan.h.credit_debt === 0n)) return undefined
        if (plan.h.account === 'nisa') return undefined
        const { h, last, ask } = plan
        const now = clock.now()
        const { set, tx } = saleOf(settings, h, last, now)
        if (tx.postings.some((p) => 'user' in p.account && p.amount < 0n)) return undefined
        const tax = inTaxableAccount(h)
          ? await deps.tax.planSale(db, taxableSale(h, set, now))
          : { afterTx: [] }
        if (!tax) return undefined
        return async (keyRow) => {
          const change = { id: h.id, from: HOLDING.holding, set, stockNum: h.stock_num }
          const values = sellOrderValues(sellOrderOf(h, ask, newOrderNo('TR', now), now, last))
          const fee = saleFees(settings, h.market, last * h.stock_num)
          const posted = await deps.ledger.post(db, tx, {
            business: {
              at: 'first',
              write: (guard) => q.transitionStep(change, guard),
              also: [
                (biz) => q.insertSelect('orders', { ...values, id: NEXT_ID }, sql`from ${biz}`),
                (_biz, also) => {
                  const fill = { order_id: sql`${also(0)}.id`, num: h.stock_num, price: last }
                  return q.insertSelect(
                    'order_fills',
                    { ...fill, fee, at: now },
                    sql`from ${also(0)}`,
                  )
                },
              ],
            },
            key: keyRow,
            gate: tax.gate,
            afterTx: tax.afterTx,
          })
          if (!posted) throw new Refusal('order_not_holding')
          const orderId = posted.alsoIds[0]
          if (orderId !== undefined) placed.push({ ...values, id: orderId })
          return { id: String(h.id) }
        }
      },
    )
    for (const o of placed) deps.userEvents.emit(user.userId, orderUpdated(o))
    return answer
  }

  /**
   * A credit position's day of interest may land between a sell's read and its write (the write
   * is guarded by the debt it read): such a sell is tried once more from a fresh read.
   */
  const retryCredit = (user: SessionUser, input: SellInput) => async (error: unknown) => {
    if (!(error instanceof Refusal && error.key === 'order_not_holding')) throw error
    const h = await q.holdingOf(db, user.userId, input.id)
    if (!h || h.credit_debt === 0n) throw error
    return sellFrom(user, input, undefined)
  }

  return async function sell(user: SessionUser, input: SellInput): Promise<{ id: string }> {
    const kept = fresh.take(user.userId, input.id)
    if (!kept) return sellFrom(user, input, undefined).catch(retryCredit(user, input))
    try {
      return await sellFrom(user, input, kept)
    } catch (error) {
      // The kept row was stale (sold meanwhile elsewhere): the database says what holds now.
      if (!(error instanceof Refusal && error.key === 'order_not_holding')) throw error
      return sellFrom(user, input, undefined)
    }
  }
}
