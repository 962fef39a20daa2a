import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import { localDate } from '@kabu/shared/market/time-zone'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { SessionUser } from '../common/session-user'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { checkedIdempotent } from '../common/replayable'
import type { SelfFrozen } from '../common/self-freeze'
import { onPostgres, type Ledger, type LedgerTxInput, type Posting } from '../ledger/index'
import { answerWithBusinessId } from '../ledger/post.pg.sql'
import { Refusal } from '../common/refusal'
import type { IdentityChecks } from '../common/identity-checks'
import { creditSplit } from '@kabu/shared/market/credit'
import { lendPostings } from './credit-postings'
import { buyFee } from './fees'
import { FreshHoldings } from './fresh-holdings'
import { newOrderNo } from '../common/order-no'
import { checkLots, checkOrderPrice, tradable } from './order-rules'
import { claimForSale } from './sale-claim'
import { cancelOrder, closeHolding, saleOf, type Settlement } from './settle'
import * as q from './trading.sql'

export interface TradingDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: MarketService
  settings: TradingSettings
  /** Asked before a buy when TRADE_FUND_PASSWORD=1. */
  verifyFundPassword: IdentityChecks['verifyFundPassword']
  /** The user's own freeze of trading (the trust panel): their buys and sells are refused. */
  selfFrozen: SelfFrozen
}

export interface BuyInput {
  type: MarketType
  code: string
  num: number
  price: string | undefined
  fundPassword: string | undefined
  idem: string
  /** Stock credit: above 1, the house lends all but cost / leverage (shared/market/credit.ts). */
  leverage?: number
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
  // PostgreSQL's hot path: a market buy and a whole market sell are each one statement.
  const oneStatement = onPostgres(db)
  // What those buys wrote, so that the sell's statement needs no read before it.
  const fresh = new FreshHoldings()

  /** A sell, its holding read from the database, or as a market buy just wrote it (`kept`). */
  async function sellFrom(
    user: SessionUser,
    input: SellInput,
    kept: q.HoldingRow | undefined,
  ): Promise<{ id: string }> {
    const body = { id: String(input.id), num: input.num, price: input.price ?? null }
    const key = { userId: user.userId, scope: 'trade_sell', idem: input.idem, body }
    let plan:
      | {
          h: q.HoldingRow
          last: bigint
          limit: bigint | null
          /** A limit above the market (or any under a special quote) rests (status 1). */
          rests: boolean
          /** All of it at the market: one conditional UPDATE closes it (no stop at closing). */
          whole: boolean
        }
      | undefined
    const checks = async () => {
      if (user.tradingBarred) throw new Refusal('trading_barred')
      if (await deps.selfFrozen(db, user.userId, 'trading'))
        throw new Refusal('self_frozen_trading')
      const h = kept ?? (await q.holdingOf(db, user.userId, input.id))
      if (!h) throw new Refusal('not_found')
      if (h.status !== BigInt(HOLDING.holding)) throw new Refusal('order_not_holding')
      const t = tradable(market, h.code)
      // Whole lots, any part of the holding: the rest stays held with its buy price and time.
      checkLots(t.listing, input.num)
      if (BigInt(input.num) > h.stock_num) throw new Refusal('invalid_input')
      // A credit position repays its debt from one sale, so it is sold whole.
      if (h.leverage > 1n && BigInt(input.num) !== h.stock_num) {
        throw new Refusal('credit_whole_only')
      }
      const limit = limitUnits(input.price)
      checkOrderPrice(t, limit, 'sell')
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
      const rests = limit !== null && (limit > t.lastUnits || Boolean(t.quote.special))
      const whole = !rests && BigInt(input.num) === h.stock_num
      plan = { h, last: t.lastUnits, limit, rests, whole }
    }
    return checkedIdempotent(
      db,
      key,
      checks,
      async (trx) => {
        if (!plan) throw new Error('sell ran without its checks')
        const { h, last, limit, rests } = plan
        const now = clock.now()
        if (plan.whole) {
          if (!(await closeHolding(settlement(trx), h, HOLDING.holding, last, now))) {
            throw new Refusal('order_not_holding')
          }
          return { id: String(h.id) }
        }
        const sold = await claimForSale(trx, h, {
          num: BigInt(input.num),
          sellPrice: rests ? limit : null,
          orderNo: newOrderNo('TR', now),
          orderedAt: now,
        })
        if (!sold) throw new Refusal('order_not_holding')
        if (!rests && !(await closeHolding(settlement(trx), sold, HOLDING.closing, last, now))) {
          throw new Error(`holding ${sold.id} left closing inside its own sell`)
        }
        return { id: String(sold.id) }
      },
      // All of it at the market on PostgreSQL: the close, the proceeds and the key, one statement.
      () =>
        oneStatement && plan?.whole && plan.h.credit_debt === 0n
          ? async (keyRow) => {
              const { h, last } = plan!
              const { set, tx } = saleOf(settings, h, last, clock.now())
              const change = { id: h.id, from: HOLDING.holding, set, stockNum: h.stock_num }
              const posted = await deps.ledger.postAsOneStatement(db, tx, {
                business: { at: 'first', write: (guard) => q.transitionStep(change, guard) },
                key: { ...keyRow, result: answerWithBusinessId },
              })
              if (!posted) throw new Refusal('order_not_holding')
              return { id: String(h.id) }
            }
          : undefined,
    )
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

  return {
    async buy(user: SessionUser, input: BuyInput): Promise<{ id: string }> {
      const leverage = input.leverage ?? 1
      const body = {
        type: input.type,
        code: input.code,
        num: input.num,
        price: input.price ?? null,
        ...(leverage > 1 ? { leverage } : {}),
      }
      const key = { userId: user.userId, scope: 'trade_buy', idem: input.idem, body }
      let order: (q.NewOrder & { currency: Currency; marketable: boolean }) | undefined
      // The rules run before the transaction; a retry of an order that went through gets its
      // first answer even if they now say no (see checkedIdempotent).
      const checks = async () => {
        if (user.tradingBarred) throw new Refusal('trading_barred')
        if (await deps.selfFrozen(db, user.userId, 'trading')) {
          throw new Refusal('self_frozen_trading')
        }
        const t = tradable(market, input.code)
        if (t.listing.market !== MARKET_OF_TYPE[input.type]) throw new Refusal('not_listed')
        checkLots(t.listing, input.num)
        const limit = limitUnits(input.price)
        checkOrderPrice(t, limit, 'buy')
        // Under a special quote nothing trades, so even a limit at or above the last price rests.
        const marketable = limit === null || (limit >= t.lastUnits && !t.quote.special)
        // A stale quote is no price to fill at: only a limit that rests is taken while stale.
        if (marketable && market.isStale(t.listing.code)) throw new Refusal('quote_stale')
        // The loan is drawn as the shares are bought, so a credit buy never rests.
        if (leverage > 1 && !marketable) throw new Refusal('credit_market_only')
        // A marketable order freezes at the price it fills at; a resting one at its limit.
        const price = marketable ? t.lastUnits : (limit as bigint)
        const cost = price * BigInt(input.num)
        if (settings.fundPasswordToBuy) {
          await deps.verifyFundPassword(db, user.userId, input.fundPassword)
        }
        const fee = buyFee(settings, t.listing.market, cost)
        order = {
          userId: user.userId,
          orderNo: '',
          code: t.listing.code,
          market: t.listing.market,
          currency: CURRENCY_OF_MARKET[t.listing.market],
          num: input.num,
          limitPrice: limit,
          price,
          frozen: cost + fee,
          now: 0,
          marketable,
          ...(leverage > 1
            ? { credit: { leverage, ...creditSplit(cost, leverage, t.listing.market) } }
            : {}),
        }
      }
      // The order's row and ledger transaction, priced and numbered when it is written.
      const placement = (): { row: q.NewOrder; tx: LedgerTxInput } => {
        if (!order) throw new Error('buy ran without its checks')
        const now = clock.now()
        const o = { ...order, orderNo: newOrderNo('TR', now), now }
        const cost = o.price * BigInt(o.num)
        const fee = o.frozen - cost
        const cash = (book: 'available' | 'frozen', amount: bigint): Posting => ({
          account: { user: user.userId, book, currency: o.currency },
          amount,
        })
        // A market order fills at once, so its cash goes straight from available to the house:
        // freezing and unfreezing inside one commit would only double the writes. A credit buy
        // pays its margin and the fee; the house's credit book lends the rest (lendPostings).
        const postings: Posting[] = o.marketable
          ? [
              cash('available', -(o.frozen - (o.credit?.debt ?? 0n))),
              { account: { house: 'bank_clearing', currency: o.currency }, amount: cost },
              ...(fee > 0n
                ? [{ account: { house: 'fees' as const, currency: o.currency }, amount: fee }]
                : []),
              ...(o.credit ? lendPostings(user.userId, o.currency, o.credit.debt) : []),
            ]
          : [cash('available', -o.frozen), cash('frozen', o.frozen)]
        return {
          row: o.marketable ? { ...o, filledFee: fee } : o,
          tx: {
            kind: o.credit ? 'credit_buy' : o.marketable ? 'trade_buy' : 'trade_freeze',
            userId: user.userId,
            orderNo: o.orderNo,
            postings,
          },
        }
      }
      return checkedIdempotent(
        db,
        key,
        checks,
        async (trx) => {
          const { row, tx } = placement()
          const id = await q.insertOrder(trx, row)
          // Throws insufficient_balance (rolling the order back) when available cash falls short.
          await deps.ledger.post(trx, tx)
          return { id: String(id) }
        },
        // A market order on PostgreSQL: the order, its cash and its key in one statement.
        () =>
          oneStatement && order?.marketable && !order.credit
            ? async (keyRow) => {
                const { row, tx } = placement()
                const posted = await deps.ledger.postAsOneStatement(db, tx, {
                  business: { at: 'last', write: (guard) => q.insertOrderStep(row, guard) },
                  key: { ...keyRow, result: answerWithBusinessId },
                })
                if (!posted) throw new Refusal('insufficient_balance')
                fresh.keep(q.writtenHolding(posted.businessId, row))
                return { id: String(posted.businessId) }
              }
            : undefined,
      )
    },

    async sell(user: SessionUser, input: SellInput): Promise<{ id: string }> {
      const kept = fresh.take(user.userId, input.id)
      if (!kept) return sellFrom(user, input, undefined).catch(retryCredit(user, input))
      try {
        return await sellFrom(user, input, kept)
      } catch (error) {
        // The kept row was stale (sold meanwhile elsewhere): the database says what holds now.
        if (!(error instanceof Refusal && error.key === 'order_not_holding')) throw error
        return sellFrom(user, input, undefined)
      }
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
