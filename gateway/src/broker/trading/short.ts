import { HOLDING } from '@kabu/shared/api/trade'
import { creditSplit } from '@kabu/shared/market/credit'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import { requireVerified, type IdentityChecks } from '../common/identity-checks'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import { checkedIdempotent } from '../common/replayable'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import type { SessionUser } from '../common/session-user'
import type { UserEvents } from '../common/user-events'
import type { Posting } from '../ledger/index'
import { refuseUnderMinimumMargin } from './credit-minimum'
import { checkLots, checkOrderPrice, limitUnits, tradable, type Tradable } from './order-rules'
import { buyOrderValues, sellOrderValues, type OrderValues } from './order-rows'
import { orderUpdated } from './order-settle'
import { insertFill, insertOrderRow, reserveOrderId } from './orders.sql'
import { saleFees } from './sell-orders'
import type { Settlement } from './settle'
import { closeShort, coverOf, shortOpenPostings } from './short-settle'
import { checkShortPriceRule } from './short-price-rule'
import * as q from './trading.sql'

export interface ShortDeps extends Settlement {
  clock: Clock
  market: MarketService
  selfFrozen: SelfFrozen
  identityStatus: IdentityChecks['identityStatus']
  userEvents: UserEvents
}

export interface ShortInput {
  type: MarketType | undefined
  code: string
  num: number
  /** A limit at or under the last price (it sells at once); absent: at the market. */
  price: string | undefined
  leverage: number
  idem: string
}

export interface CoverInput {
  type: MarketType
  /** The short position. */
  id: bigint
  code: string
  num: number
  price: string | undefined
  idem: string
}

/**
 * A short opens and closes at once, as a credit buy does: the shares are borrowed as they are
 * sold. A limit that would not trade now is refused (`credit_market_only`), as is a special
 * quote, under which nothing trades.
 */
function marketablePrice(t: Tradable, price: string | undefined, side: 'buy' | 'sell'): bigint {
  const limit = limitUnits(price)
  checkOrderPrice(t, limit, side)
  const trades =
    !t.quote.special &&
    (limit === null || (side === 'sell' ? limit <= t.lastUnits : limit >= t.lastUnits))
  if (!trades) throw new Refusal('credit_market_only')
  return t.lastUnits
}

/**
 * Short selling (信用新規売 / 売建) and buying to cover (買埋), MARKET-RULES.md §8: `/trade/sell`
 * with a code and no holding opens a short at the last price, holding its margin (proceeds /
 * leverage, as a credit buy's) in frozen; `/trade/buy` with the short's id covers it whole. The
 * credit job accrues its borrow fee each day and calls or closes it under the maintenance ratio
 * (credit-jobs.ts); trust funds add to its margin (credit-queue.ts).
 */
export function createShort(deps: ShortDeps) {
  const { db, clock, market, settings } = deps

  async function open(user: SessionUser, input: ShortInput): Promise<{ id: string }> {
    const body = {
      short: input.code,
      num: input.num,
      price: input.price ?? null,
      leverage: input.leverage,
    }
    const key = { userId: user.userId, scope: 'trade_sell', idem: input.idem, body }
    let t: Tradable | undefined
    const placed: Array<OrderValues & { id: bigint }> = []
    const checks = async () => {
      await refuseIfHeld(deps.selfFrozen, db, user, 'stock_sell')
      t = tradable(market, input.code)
      if (input.type && t.listing.market !== MARKET_OF_TYPE[input.type]) {
        throw new Refusal('not_listed')
      }
      checkLots(t.listing, input.num)
      marketablePrice(t, input.price, 'sell')
      checkShortPriceRule(market, t, input.num, settings.shortPriceRule)
      if (market.isStale(t.listing.code)) throw new Refusal('quote_stale')
      requireVerified(await deps.identityStatus(db, user.userId))
    }
    const answer = await checkedIdempotent(db, key, checks, async (trx) => {
      if (!t) throw new Error('short ran without its checks')
      const now = clock.now()
      const { listing, lastUnits: price } = t
      const minimum = settings.creditMinMarginJpy
      await refuseUnderMinimumMargin(trx, deps.ledger, user.userId, listing.market, minimum)
      const proceeds = price * BigInt(input.num)
      const { margin } = creditSplit(proceeds, input.leverage, listing.market)
      const fees = saleFees(settings, listing.market, proceeds)
      const id = await reserveOrderId(trx)
      const orderNo = newOrderNo('TR', now)
      const holding = {
        id,
        user_id: user.userId,
        order_no: orderNo,
        code: listing.code,
        market: listing.market,
        currency: CURRENCY_OF_MARKET[listing.market],
        status: HOLDING.holding,
        side: 'short' as const,
        stock_num: input.num,
        limit_price: null,
        buy_price: price,
        buy_fee: fees,
        frozen: margin,
        buy_time: now,
        created_at: now,
        leverage: input.leverage,
        margin,
      }
      await q.insertHolding(trx, holding)
      const values = sellOrderValues({
        userId: user.userId,
        orderNo,
        code: listing.code,
        market: listing.market,
        currency: holding.currency,
        holdingId: id,
        num: BigInt(input.num),
        limit: null,
        validity: 'day',
        expiresAt: now,
        now,
        leverage: BigInt(input.leverage),
        filledAt: price,
        // Shorts are credit: never NISA.
        account: 'taxable',
      })
      await insertOrderRow(trx, { id, ...values })
      await insertFill(trx, { order_id: id, num: input.num, price, fee: fees, at: now })
      // Throws insufficient_balance (rolling the short back) when available cash falls short.
      const postings: Posting[] = shortOpenPostings(holding, margin, fees)
      await deps.ledger.post(trx, { kind: 'credit_short', userId: user.userId, orderNo, postings })
      placed.push({ id, ...values })
      return { id: String(id) }
    })
    for (const o of placed) deps.userEvents.emit(user.userId, orderUpdated(o))
    return answer
  }

  async function coverOnce(user: SessionUser, input: CoverInput): Promise<{ id: string }> {
    const body = { cover: String(input.id), num: input.num, price: input.price ?? null }
    const key = { userId: user.userId, scope: 'trade_buy', idem: input.idem, body }
    let plan: { h: q.HoldingRow; price: bigint } | undefined
    const placed: Array<OrderValues & { id: bigint }> = []
    const checks = async () => {
      await refuseIfHeld(deps.selfFrozen, db, user, 'stock_buy')
      const h = await q.holdingOf(db, user.userId, input.id)
      if (!h || h.side !== 'short') throw new Refusal('not_found')
      if (h.status !== BigInt(HOLDING.holding)) throw new Refusal('order_not_holding')
      if (h.code !== input.code || h.market !== MARKET_OF_TYPE[input.type]) {
        throw new Refusal('invalid_input')
      }
      // Its margin and borrow fees settle in one sale, so it is covered whole.
      if (BigInt(input.num) !== h.stock_num) throw new Refusal('credit_whole_only')
      const t = tradable(market, h.code)
      const price = marketablePrice(t, input.price, 'buy')
      if (market.isStale(t.listing.code)) throw new Refusal('quote_stale')
      plan = { h, price }
    }
    const answer = await checkedIdempotent(db, key, checks, async (trx) => {
      if (!plan) throw new Error('cover ran without its checks')
      const { h, price } = plan
      const now = clock.now()
      if (!(await closeShort({ ...deps, db: trx }, h, price, now))) {
        throw new Refusal('order_not_holding')
      }
      const { set } = coverOf(settings, h, price, now)
      const id = await reserveOrderId(trx)
      const orderNo = newOrderNo('TR', now)
      const values: OrderValues = {
        ...buyOrderValues(
          {
            userId: user.userId,
            orderNo,
            code: h.code,
            market: h.market,
            currency: h.currency,
            num: Number(h.stock_num),
            limitPrice: null,
            price,
            frozen: 0n,
            now,
            validity: 'day',
            expiresAt: now,
            filledFee: set.sell_fee,
          },
          h.id,
        ),
        leverage: h.leverage,
      }
      await insertOrderRow(trx, { id, ...values })
      await insertFill(trx, {
        order_id: id,
        num: h.stock_num,
        price,
        fee: set.sell_fee ?? 0n,
        at: now,
      })
      placed.push({ id, ...values })
      return { id: String(h.id) }
    })
    for (const o of placed) deps.userEvents.emit(user.userId, orderUpdated(o))
    return answer
  }

  /** A day's borrow fee or trust funds may land between a cover's read and its write: once more. */
  async function cover(user: SessionUser, input: CoverInput): Promise<{ id: string }> {
    return coverOnce(user, input).catch((error: unknown) => {
      if (!(error instanceof Refusal && error.key === 'order_not_holding')) throw error
      return coverOnce(user, input)
    })
  }

  return { open, cover }
}

export type ShortService = ReturnType<typeof createShort>
