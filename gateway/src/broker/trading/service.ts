import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import { localDate } from '@kabu/shared/market/time-zone'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { SessionUser } from '../../http/session.middleware'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { checkedIdempotent } from '../deposits/replayable'
import type { Ledger, Posting } from '../ledger/index'
import { Refusal } from '../refusal'
import { verifyFundPassword } from '../security/fund-password'
import { buyFee } from './fees'
import { newTradeNo } from './order-no'
import {
  checkLimitPrice,
  checkLots,
  checkLuld,
  checkMarketOrder,
  checkPriceCage,
  tradable,
} from './order-rules'
import { claimForSale } from './sale-claim'
import { cancelOrder, closeHolding, type Settlement } from './settle'
import * as q from './trading.sql'

export interface TradingDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: MarketService
  settings: TradingSettings
}

export interface BuyInput {
  type: MarketType
  code: string
  num: number
  price: string | undefined
  fundPassword: string | undefined
  idem: string
}

export interface SellInput {
  id: bigint
  num: number
  price: string | undefined
  idem: string
}

const limitUnits = (text: string | undefined): bigint | null => {
  if (text === undefined) return null
  const units = parseUnits(text)
  if (units === null || units <= 0n) throw new Refusal('invalid_input')
  return units
}

export type TradingService = ReturnType<typeof createTradingService>

/**
 * Orders under MARKET-RULES.md: whole lots, limit prices on the grid and inside the day's limits,
 * only in session. A buy freezes price × shares + fee; a market order (or a limit at or above the
 * last price) fills at once at the last price, others rest until the matcher fills them.
 */
export function createTradingService(deps: TradingDeps) {
  const { db, clock, market, settings } = deps
  const settlement = (trx: Kysely<Database>): Settlement => ({ ...deps, db: trx })

  return {
    async buy(user: SessionUser, input: BuyInput): Promise<{ id: string }> {
      const body = {
        type: input.type,
        code: input.code,
        num: input.num,
        price: input.price ?? null,
      }
      const key = { userId: user.userId, scope: 'trade_buy', idem: input.idem, body }
      let order: (q.NewOrder & { currency: Currency; marketable: boolean }) | undefined
      // The rules run before the transaction; a retry of an order that went through gets its
      // first answer even if they now say no (see checkedIdempotent).
      const checks = async () => {
        if (user.tradingBarred) throw new Refusal('trading_barred')
        const t = tradable(market, input.code)
        if (t.listing.market !== MARKET_OF_TYPE[input.type]) throw new Refusal('not_listed')
        checkLots(t.listing, input.num)
        const limit = limitUnits(input.price)
        if (limit === null) checkMarketOrder(t)
        else {
          checkLimitPrice(t, limit)
          checkPriceCage(t, limit, 'buy')
          checkLuld(t, limit, 'buy')
        }
        // Under a special quote nothing trades, so even a limit at or above the last price rests.
        const marketable = limit === null || (limit >= t.lastUnits && !t.quote.special)
        // A stale quote is no price to fill at: only a limit that rests is taken while stale.
        if (marketable && market.isStale(t.listing.code)) throw new Refusal('quote_stale')
        // A marketable order freezes at the price it fills at; a resting one at its limit.
        const price = marketable ? t.lastUnits : (limit as bigint)
        const cost = price * BigInt(input.num)
        if (settings.fundPasswordToBuy) {
          await verifyFundPassword(db, user.userId, input.fundPassword, clock)
        }
        order = {
          userId: user.userId,
          orderNo: '',
          code: t.listing.code,
          market: t.listing.market,
          currency: CURRENCY_OF_MARKET[t.listing.market],
          num: input.num,
          limitPrice: limit,
          price,
          frozen: cost + buyFee(settings, t.listing.market, cost),
          now: 0,
          marketable,
        }
      }
      return checkedIdempotent(db, key, checks, async (trx) => {
        if (!order) throw new Error('buy ran without its checks')
        const now = clock.now()
        const o = { ...order, orderNo: newTradeNo(now), now }
        const cost = o.price * BigInt(o.num)
        const fee = o.frozen - cost
        const cash = (book: 'available' | 'frozen', amount: bigint): Posting => ({
          account: { user: user.userId, book, currency: o.currency },
          amount,
        })
        // A market order fills in this transaction, so its cash goes straight from available to
        // the house: freezing and unfreezing inside one commit would only double the writes.
        const id = await q.insertOrder(trx, o.marketable ? { ...o, filledFee: fee } : o)
        const postings: Posting[] = o.marketable
          ? [
              cash('available', -o.frozen),
              { account: { house: 'bank_clearing', currency: o.currency }, amount: cost },
              ...(fee > 0n
                ? [{ account: { house: 'fees' as const, currency: o.currency }, amount: fee }]
                : []),
            ]
          : [cash('available', -o.frozen), cash('frozen', o.frozen)]
        // Throws insufficient_balance (rolling the order back) when available cash falls short.
        await deps.ledger.post(trx, {
          kind: o.marketable ? 'trade_buy' : 'trade_freeze',
          userId: user.userId,
          orderNo: o.orderNo,
          postings,
        })
        return { id: String(id) }
      })
    },

    async sell(user: SessionUser, input: SellInput): Promise<{ id: string }> {
      const body = { id: String(input.id), num: input.num, price: input.price ?? null }
      const key = { userId: user.userId, scope: 'trade_sell', idem: input.idem, body }
      let plan:
        { h: q.HoldingRow; last: bigint; limit: bigint | null; special: boolean } | undefined
      const checks = async () => {
        if (user.tradingBarred) throw new Refusal('trading_barred')
        const h = await q.holdingOf(db, user.userId, input.id)
        if (!h) throw new Refusal('not_found')
        if (h.status !== BigInt(HOLDING.holding)) throw new Refusal('order_not_holding')
        const t = tradable(market, h.code)
        // Whole lots, any part of the holding: the rest stays held with its buy price and time.
        checkLots(t.listing, input.num)
        if (BigInt(input.num) > h.stock_num) throw new Refusal('invalid_input')
        const limit = limitUnits(input.price)
        if (limit === null) checkMarketOrder(t)
        else {
          checkLimitPrice(t, limit)
          checkPriceCage(t, limit, 'sell')
          checkLuld(t, limit, 'sell')
        }
        if ((limit === null || limit <= t.lastUnits) && market.isStale(t.listing.code)) {
          throw new Refusal('quote_stale')
        }
        const now = clock.now()
        const boughtAt = Number(h.buy_time)
        if (now - boughtAt < settings.sellLockMinutes * 60_000) {
          throw new Refusal('sell_after_15_minutes')
        }
        // China is T+1: shares bought today (exchange date) can be sold from the next day.
        if (h.market === 'cn' && localDate('cn', boughtAt) === localDate('cn', now)) {
          throw new Refusal('cannot_sell_t1')
        }
        plan = { h, last: t.lastUnits, limit, special: Boolean(t.quote.special) }
      }
      return checkedIdempotent(db, key, checks, async (trx) => {
        if (!plan) throw new Error('sell ran without its checks')
        const { h, last, limit, special } = plan
        const now = clock.now()
        // A sell limit above the market (or any limit under a special quote) rests (status 1)
        // until the matcher reaches it.
        const rests = limit !== null && (limit > last || special)
        // All of it at the market: one conditional UPDATE closes it (no stop at closing between).
        if (!rests && BigInt(input.num) === h.stock_num) {
          if (!(await closeHolding(settlement(trx), h, HOLDING.holding, last, now))) {
            throw new Refusal('order_not_holding')
          }
          return { id: String(h.id) }
        }
        const sold = await claimForSale(trx, h, {
          num: BigInt(input.num),
          sellPrice: rests ? limit : null,
          orderNo: newTradeNo(now),
        })
        if (!sold) throw new Refusal('order_not_holding')
        if (!rests && !(await closeHolding(settlement(trx), sold, HOLDING.closing, last, now))) {
          throw new Error(`holding ${sold.id} left closing inside its own sell`)
        }
        return { id: String(sold.id) }
      })
    },

    async cancel(user: SessionUser, id: bigint): Promise<void> {
      const h = await q.holdingOf(db, user.userId, id)
      if (!h) throw new Refusal('not_found')
      const resting = h.status === BigInt(HOLDING.pending) || h.status === BigInt(HOLDING.closing)
      if (!resting) throw new Refusal('order_not_holding')
      const done = await db.transaction().execute((trx) => cancelOrder(settlement(trx), h))
      if (!done) throw new Refusal('order_not_holding')
    },
  }
}
