import type { Kysely } from 'kysely'
import {
  DAYTRADE_MARKETS,
  type DaytradeDetail,
  type DaytradeParticipation,
  type DaytradeSide,
} from '@kabu/shared/api/daytrade'
import { parseAmount } from '@kabu/shared/api/funds-amounts'
import {
  CURRENCY_OF_MARKET,
  MARKET_OF_TYPE,
  type Market,
  type MarketType,
} from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { requireVerified, type IdentityChecks } from '../common/identity-checks'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import { checkedIdempotent } from '../common/replayable'
import type { SessionUser } from '../common/session-user'
import type { Ledger } from '../ledger/index'
import * as q from './daytrade.sql'
import { feeOf } from './fees'
import type { MarketRules } from './market-rules'
import { applyFill, grossExposure, type Position } from './position'
import { applyTx, fillTx } from './postings'
import { fillWire, participationWire, positionWire } from './wire'

export interface DaytradeDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: MarketService
  settings: TradingSettings
  rules: MarketRules
  checks: Pick<IdentityChecks, 'identityStatus'>
  /** The user's own freeze of trading (the trust panel) refuses their orders here too. */
  selfFrozen: SelfFrozen
}

export interface ApplyInput {
  type: MarketType
  money: string
  idem: string
}

export interface OrderInput {
  id: bigint
  code: string
  side: DaytradeSide
  num: number
  price?: string | undefined
  idem: string
}

export type DaytradeService = ReturnType<typeof createDaytradeService>

/**
 * Day trading (shared/src/api/daytrade.ts holds the published rules): applying with participation
 * funds, the user's participations and their details, and orders inside an approved one.
 */
export function createDaytradeService(deps: DaytradeDeps) {
  const { db, clock, ledger, market, settings } = deps

  /** The intraday book of an open participation (null once it is settled or failed). */
  async function bookOf(row: q.ParticipationRow): Promise<bigint | null> {
    if (row.status !== q.TRADING && row.status !== q.APPLIED) return null
    const books = await q.intradayBooks(db, [row.user_id])
    return books.get(`${row.user_id}/${row.currency}`) ?? 0n
  }

  return {
    async apply(user: SessionUser, input: ApplyInput): Promise<{ id: string }> {
      const marketOf = MARKET_OF_TYPE[input.type]
      const currency = CURRENCY_OF_MARKET[marketOf]
      const key = {
        userId: user.userId,
        scope: 'daytrade_apply',
        idem: input.idem,
        body: { type: input.type, money: input.money },
      }
      let funds = 0n
      const checks = async () => {
        await refuseIfHeld(deps.selfFrozen, db, user, 'daytrade_apply')
        if (!DAYTRADE_MARKETS.includes(marketOf)) throw new Refusal('cannot_sell_t1')
        const amount = parseAmount(input.money, currency)
        if (amount === 'amount_invalid') throw new Refusal('amount_invalid')
        funds = amount
        requireVerified(await deps.checks.identityStatus(db, user.userId))
        if ((await q.openCount(db, user.userId, currency)) > 0) {
          throw new Refusal('daytrade_in_progress')
        }
      }
      return checkedIdempotent(db, key, checks, async (trx) => {
        const now = clock.now()
        const p = { userId: user.userId, orderNo: newOrderNo('DT', now), currency, funds }
        // The freeze first: it locks the user's books, so a concurrent application of the same
        // user waits here and then finds this one open.
        await ledger.post(trx, applyTx(p))
        if ((await q.openCount(trx, user.userId, currency)) > 0) {
          throw new Refusal('daytrade_in_progress')
        }
        const id = await q.insertParticipation(trx, {
          user_id: user.userId,
          order_no: p.orderNo,
          market: marketOf,
          currency,
          funds,
          created_at: now,
        })
        return { id: String(id) }
      })
    },

    async list(userId: bigint, type: MarketType): Promise<DaytradeParticipation[]> {
      const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]
      const rows = await q.participationsOf(db, userId, currency)
      return Promise.all(rows.map(async (r) => participationWire(r, await bookOf(r))))
    },

    async info(userId: bigint, id: bigint): Promise<DaytradeDetail> {
      const row = await q.participationOf(db, userId, id)
      if (!row) throw new Refusal('not_found')
      const positions = await q.positionsOf(db, id)
      const fills = await q.fillsOf(db, id)
      return {
        ...participationWire(row, await bookOf(row)),
        positions: positions.map((p) => positionWire(p, market)),
        fills: fills.map((f) => fillWire(f, market)),
      }
    },

    /**
     * An order inside an approved participation, at the live price (see the module's rules): the
     * market's rules first, then, holding the participation, the exposure against its funds and
     * the fill's cash through the intraday book (which may not go below zero).
     */
    async order(user: SessionUser, input: OrderInput): Promise<{ id: string }> {
      const body = {
        id: String(input.id),
        code: input.code,
        side: input.side,
        num: input.num,
        price: input.price ?? null,
      }
      const key = { userId: user.userId, scope: 'daytrade_order', idem: input.idem, body }
      let plan: { code: string; market: Market; price: bigint } | undefined
      const checks = async () => {
        await refuseIfHeld(deps.selfFrozen, db, user, 'daytrade_order')
        const p = await q.participationOf(db, user.userId, input.id)
        if (!p) throw new Refusal('not_found')
        const now = clock.now()
        const open = p.status === q.TRADING || p.status === q.APPLIED
        if (!open || p.opens_at === null || p.closes_at === null) {
          throw new Refusal('daytrade_not_trading')
        }
        if (now < Number(p.opens_at) || now >= Number(p.closes_at)) {
          throw new Refusal('outside_trading_time')
        }
        const t = deps.rules.tradable(market, input.code)
        if (t.listing.market !== p.market) throw new Refusal('not_listed')
        deps.rules.checkLots(t.listing, input.num)
        let limit: bigint | null = null
        if (input.price !== undefined) {
          limit = parseUnits(input.price)
          if (limit === null || limit <= 0n) throw new Refusal('invalid_input')
        }
        deps.rules.checkOrderPrice(t, limit, input.side)
        const marketable =
          limit === null ||
          (!t.quote.special && (input.side === 'buy' ? limit >= t.lastUnits : limit <= t.lastUnits))
        if (!marketable) throw new Refusal('daytrade_limit_not_marketable')
        if (market.isStale(t.listing.code)) throw new Refusal('quote_stale')
        plan = { code: t.listing.code, market: t.listing.market, price: t.lastUnits }
      }
      return checkedIdempotent(db, key, checks, async (trx) => {
        if (!plan) throw new Error('daytrade order ran without its checks')
        const now = clock.now()
        const p = await q.holdForOrder(trx, user.userId, input.id, now)
        if (!p) throw new Refusal('daytrade_not_trading')
        const held = new Map<string, Position>(
          (await q.positionsOf(trx, p.id)).map((r) => [r.code, { qty: r.qty, cost: r.cost }]),
        )
        const num = BigInt(input.num)
        const { next, realised } = applyFill(
          held.get(plan.code) ?? { qty: 0n, cost: 0n },
          input.side,
          num,
          plan.price,
        )
        held.set(plan.code, next)
        if (grossExposure(held.values()) > p.funds) throw new Refusal('daytrade_exposure_limit')
        const value = plan.price * num
        const fee = feeOf(settings, input.side, plan.market, value)
        const orderNo = newOrderNo('DT', now)
        await q.savePosition(trx, p.id, plan.code, next, now)
        const id = await q.insertFill(trx, {
          participation_id: p.id,
          user_id: user.userId,
          order_no: orderNo,
          code: plan.code,
          side: input.side,
          num,
          price: plan.price,
          fee,
          realised,
          forced: 0,
          created_at: now,
        })
        await q.addTotals(trx, p.id, realised, fee)
        // Throws insufficient_balance (rolling the fill back) when the intraday book falls short.
        const currency = p.currency as Currency
        await ledger.post(
          trx,
          fillTx({ userId: user.userId, currency }, orderNo, input.side, value, fee),
        )
        return { id: String(id) }
      })
    },
  }
}
