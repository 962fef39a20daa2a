import type { Kysely } from 'kysely'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { SessionUser } from '../common/session-user'
import type { MarketService } from '../../market/index'
import { onPostgres, type Database } from '../../store/index'
import { checkedIdempotent } from '../common/replayable'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import { type Ledger, type LedgerTxInput, type Posting, lendPostings } from '../ledger/index'
import { Refusal } from '../common/refusal'
import { requireVerified, type IdentityChecks } from '../common/identity-checks'
import { creditSplit } from '@kabu/shared/market/credit'
import type { HoldingAccount } from '@kabu/shared/api/accounts'
import { nisaEligible } from '@kabu/shared/tax/nisa'
import { refuseUnderMinimumMargin } from './credit-minimum'
import { buyFee } from './fees'
import { FreshHoldings } from './fresh-holdings'
import { newOrderNo } from '../common/order-no'
import type { NisaBook } from '../common/nisa-book'
import type { UserEvents } from '../common/user-events'
import { checkLots, checkOrderPrice, tradable } from './order-rules'
import { buyOrderValues } from './order-rows'
import { orderUpdated } from './order-settle'
import { termOrRefuse } from './order-term'
import { marketDays } from '@kabu/shared/market/validity'
import { marketBuyStatement } from './buy-statement'
import { exitAsks, insertExits, startExits, type ExitInput, type Exits } from './order-exits'
import { orderAsk, waitingBuyPrice, type KindInput } from './order-kinds'
import { insertFill, insertOrderRow, reserveOrderId } from './orders.sql'
import { createSell } from './sell'
import { createShort } from './short'
import * as q from './trading.sql'
import type { TaxBook } from '../common/tax-book'

export interface TradingDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: MarketService
  settings: TradingSettings
  /** Asked before a buy when TRADE_FUND_PASSWORD=1. */
  verifyFundPassword: IdentityChecks['verifyFundPassword']
  /** A credit buy borrows from the house: like a loan, only once identity is verified. */
  identityStatus: IdentityChecks['identityStatus']
  /** The user's own freeze of trading (the trust panel): their buys and sells are refused. */
  selfFrozen: SelfFrozen
  /** Every order's change is pushed as `order:updated` (after its commit). */
  userEvents: UserEvents
  /** MARKET_HOURS: which business days an order's validity counts (order-term.ts). */
  marketHours: 'real' | 'always'
  /** NISA's growth frame, which a NISA buy fills and a NISA sale gives back (the accounts area). */
  nisa: NisaBook
  /** The taxable account's books: each sale's gain and withholding (broker/tax). */
  tax: TaxBook
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
  /** `day` (the default) or the last date the order stays in the book. */
  validity?: string
  /** The order's kind and its trigger or trail (API.md "Orders"); absent: by `price`. */
  kind?: KindInput['kind']
  trigger?: string | undefined
  trail?: string | undefined
  /** IFD or IFDOCO: the exits placed once this buy fills (order-exits.ts). */
  exits?: ExitInput
  /** `nisa`: NISA's growth frame, within its rooms; absent: the taxable account. */
  account?: HoldingAccount
}

export type TradingService = ReturnType<typeof createTradingService>

/**
 * Orders under MARKET-RULES.md: whole lots, limit prices on the grid and inside the day's limits,
 * only in session. A buy is an `orders` row; it freezes price × shares + fee; a market order (or a
 * limit at or above the last price) fills at once at the last price into a holding of the order's
 * id, others rest as open orders until the matcher fills them or their validity ends.
 */
export function createTradingService(deps: TradingDeps) {
  const { db, clock, market, settings } = deps
  // PostgreSQL's hot path: a market buy is one statement (a whole market sell too, sell.ts).
  const oneStatement = onPostgres(db)
  // What those buys wrote, so that the sell's statement needs no read before it.
  const fresh = new FreshHoldings()
  const sell = createSell(deps, fresh)
  const short = createShort(deps)

  return {
    async buy(user: SessionUser, input: BuyInput): Promise<{ id: string }> {
      const leverage = input.leverage ?? 1
      const nisa = input.account === 'nisa'
      const body = {
        type: input.type,
        code: input.code,
        num: input.num,
        price: input.price ?? null,
        ...(leverage > 1 ? { leverage } : {}),
        ...(input.validity && input.validity !== 'day' ? { validity: input.validity } : {}),
        ...(input.kind ? { kind: input.kind } : {}),
        ...(input.trigger ? { trigger: input.trigger } : {}),
        ...(input.trail ? { trail: input.trail } : {}),
        ...(input.exits ? { exits: input.exits } : {}),
        ...(nisa ? { account: 'nisa' } : {}),
      }
      const key = { userId: user.userId, scope: 'trade_buy', idem: input.idem, body }
      let order: (q.NewOrder & { currency: Currency; marketable: boolean }) | undefined
      let exits: Exits | undefined
      // The orders this call wrote (not a replay's): announced once it has committed.
      const placed: Array<Parameters<typeof orderUpdated>[0]> = []
      // The rules run before the transaction; a retry of an order that went through gets its
      // first answer even if they now say no (see checkedIdempotent).
      const checks = async () => {
        await refuseIfHeld(deps.selfFrozen, db, user, 'stock_buy')
        const t = tradable(market, input.code)
        if (t.listing.market !== MARKET_OF_TYPE[input.type]) throw new Refusal('not_listed')
        if (nisa && !nisaEligible({ ...t.listing, leverage })) {
          throw new Refusal('nisa_not_eligible')
        }
        checkLots(t.listing, input.num)
        const ask = orderAsk(t, 'buy', input)
        const limit = ask.limit
        // A stop waiting to fire is checked as a market order when it does (order-triggers.ts).
        if (!ask.waiting || limit !== null) checkOrderPrice(t, limit, 'buy')
        // Under a special quote nothing trades, so even a limit at or above the last price rests.
        const marketable =
          !ask.waiting && (limit === null || (limit >= t.lastUnits && !t.quote.special))
        // A stale quote is no price to fill at: only a limit that rests is taken while stale.
        if (marketable && market.isStale(t.listing.code)) throw new Refusal('quote_stale')
        // The loan is drawn as the shares are bought, so a credit buy never rests, nor has exits.
        if (leverage > 1 && !marketable) throw new Refusal('credit_market_only')
        if (leverage > 1 && input.exits) throw new Refusal('invalid_input')
        exits = input.exits ? exitAsks(t, input.exits) : undefined
        if (leverage > 1) requireVerified(await deps.identityStatus(db, user.userId))
        // A marketable order freezes at the price it fills at; a resting one at its limit, a stop
        // that waits at the most its order could cost when it fires.
        const price = marketable ? t.lastUnits : (waitingBuyPrice(t, ask) ?? (limit as bigint))
        const cost = price * BigInt(input.num)
        if (settings.fundPasswordToBuy) {
          await deps.verifyFundPassword(db, user.userId, input.fundPassword)
        }
        const fee = buyFee(settings, t.listing.market, cost)
        const validity = input.validity ?? 'day'
        const days = marketDays(t.listing.market, deps.marketHours)
        const term = termOrRefuse(days, clock.now(), validity, settings.orderGtdDays)
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
          validity,
          expiresAt: term.expiresAt,
          marketable,
          ask,
          ...(leverage > 1
            ? { credit: { leverage, ...creditSplit(cost, leverage, t.listing.market) } }
            : {}),
          ...(nisa ? { account: 'nisa' as const } : {}),
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
      const answer = await checkedIdempotent(
        db,
        key,
        checks,
        async (trx) => {
          if (order?.credit) {
            const minimum = settings.creditMinMarginJpy
            await refuseUnderMinimumMargin(trx, deps.ledger, user.userId, order.market, minimum)
          }
          const { row, tx } = placement()
          // The growth frame first (it takes the user's lock), then the order that uses it.
          if (row.account === 'nisa') {
            const cost = row.price * BigInt(row.num)
            await deps.nisa.place(trx, user.userId, cost, row.filledFee !== undefined, row.now)
          }
          const id = await reserveOrderId(trx)
          const link = exits ? { kind: exits.group, id, parent: null } : undefined
          const values = buyOrderValues(row, id, link)
          await insertOrderRow(trx, { id, ...values })
          if (row.filledFee !== undefined) {
            const fill = { price: row.price, fee: row.filledFee, at: row.now, placedAt: row.now }
            await q.insertHolding(trx, q.boughtHolding(id, row, fill))
            await insertFill(trx, {
              order_id: id,
              num: row.num,
              price: row.price,
              fee: fill.fee,
              at: row.now,
            })
          }
          // Throws insufficient_balance (rolling the order back) when available cash falls short.
          await deps.ledger.post(trx, tx)
          placed.push({ id, ...values })
          if (exits) {
            const written = await insertExits(trx, { id, ...values }, exits, row.now)
            // Filled at once: the exits start working on its holding now.
            const filled = row.filledFee !== undefined
            placed.push(
              ...(filled
                ? await startExits(trx, { id, filled_num: BigInt(row.num) }, row.now)
                : written),
            )
          }
          return { id: String(id) }
        },
        // A market order on PostgreSQL: its cash, holding, order, fill and key in one statement.
        () =>
          oneStatement && order?.marketable && !order.credit && !exits && !nisa
            ? async (keyRow) => {
                const written = await marketBuyStatement(db, deps.ledger, placement(), keyRow)
                fresh.keep(written.holding)
                placed.push(written.placed)
                return { id: String(written.placed.id) }
              }
            : undefined,
      )
      for (const o of placed) deps.userEvents.emit(user.userId, orderUpdated(o))
      return answer
    },

    sell,
    /** A short sale (売建) and its buy-to-cover (買埋): short.ts. */
    short: short.open,
    cover: short.cover,
  }
}
