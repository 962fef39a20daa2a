import type { Kysely } from 'kysely'
import type { BlockOffer, BlockOrder, BlockOrderStatus } from '@kabu/shared/api/block'
import {
  CURRENCY_OF_MARKET,
  MARKET_OF_TYPE,
  type Market,
  type MarketType,
} from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { DayWindow } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { requireVerified, type IdentityChecks } from '../common/identity-checks'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import { checkedIdempotent } from '../common/replayable'
import type { SessionUser } from '../common/session-user'
import type { Ledger } from '../ledger/index'
import { allocateClosed } from './allocation'
import * as q from './block.sql'
import { ensureSimulated, offerWire, phaseOf } from './offers'
import { freezeTx } from './postings'

export interface BlockDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: MarketService
  seed: number
  /** The simulator's daily order window of each market (BLOCK_WINDOW_JP, _US, _CN). */
  windows: Record<Market, DayWindow>
  checks: Pick<IdentityChecks, 'identityStatus' | 'verifyFundPassword'>
  /** The user's own freeze of trading (the trust panel) refuses their orders here too. */
  selfFrozen: SelfFrozen
}

export interface BlockBuyInput {
  id: bigint
  num: number
  fundPassword: string | undefined
  idem: string
}

export type BlockService = ReturnType<typeof createBlockService>

const currencyOf = (type: MarketType) => CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]

export function orderWire(row: q.OrderWithOffer, market: MarketService): BlockOrder {
  const name = market.listing(row.code)?.name ?? { ja: row.code, zh: row.code, en: row.code }
  return {
    id: String(row.id),
    order_no: row.order_no,
    offer_id: String(row.offer_id),
    code: row.code,
    name,
    currency: row.currency as Currency,
    status: Number(row.status) as BlockOrderStatus,
    num: Number(row.num),
    price: formatUnits(row.price),
    money: formatUnits(row.amount),
    paid:
      row.status === q.APPROVED && row.allocated !== null
        ? formatUnits(row.price * row.allocated)
        : null,
    allocated: row.allocated === null ? null : Number(row.allocated),
    holding_id: row.holding_id === null ? null : String(row.holding_id),
    reason: row.reason,
    created: Number(row.created_at),
    decided: row.decided_at === null ? null : Number(row.decided_at),
    closes_at: Number(row.closes_at),
  }
}

/**
 * Block trades (立会外分売): offers at a discount to the previous close, asked for in whole lots
 * between the offer's minimum and its per-user maximum while its window is open. Asking freezes
 * price × shares; each request then waits for review (queue.ts), after the window's allocation.
 */
export function createBlockService(deps: BlockDeps) {
  const { db, clock, ledger, market } = deps
  const simulatedDays = new Set<string>()

  return {
    async list(type: MarketType): Promise<BlockOffer[]> {
      const now = clock.now()
      const m = MARKET_OF_TYPE[type]
      await ensureSimulated(db, market, deps.seed, m, deps.windows[m], now, simulatedDays)
      const offers = await q.offersOpenOrComing(db, m, now)
      const requested = await q.requestedOn(
        db,
        offers.map((o) => o.id),
      )
      return offers.map((o) => offerWire(o, requested.get(o.id) ?? 0n, now, market))
    },

    async info(id: bigint): Promise<BlockOffer> {
      const offer = await q.offerById(db, id)
      if (!offer) throw new Refusal('not_found')
      const requested = await q.requestedOn(db, [offer.id])
      return offerWire(offer, requested.get(offer.id) ?? 0n, clock.now(), market)
    },

    async buy(user: SessionUser, input: BlockBuyInput): Promise<{ id: string }> {
      const body = { id: String(input.id), num: input.num }
      const key = { userId: user.userId, scope: 'block_buy', idem: input.idem, body }
      let offer: q.OfferRow | undefined
      const checks = async () => {
        await refuseIfHeld(deps.selfFrozen, db, user, 'block_buy')
        offer = await q.offerById(db, input.id)
        if (!offer) throw new Refusal('not_found')
        if (phaseOf(offer, clock.now()) !== 'open') throw new Refusal('block_trade_closed')
        requireVerified(await deps.checks.identityStatus(db, user.userId))
        const num = BigInt(input.num)
        if (num % offer.lot !== 0n) throw new Refusal('lot_size')
        if (num < offer.min_lots * offer.lot) throw new Refusal('below_minimum_buy')
        if (num > offer.max_lots * offer.lot) throw new Refusal('block_over_user_limit')
        await deps.checks.verifyFundPassword(db, user.userId, input.fundPassword)
      }
      return checkedIdempotent(db, key, checks, async (trx) => {
        if (!offer) throw new Error('block buy ran without its checks')
        const now = clock.now()
        // The window may have closed (and the lots been allocated) since the checks.
        if (phaseOf(offer, now) !== 'open' || !(await q.holdUnallocated(trx, offer.id))) {
          throw new Refusal('block_trade_closed')
        }
        const num = BigInt(input.num)
        const request = {
          userId: user.userId,
          orderNo: newOrderNo('BL', now),
          currency: offer.currency as Currency,
          amount: offer.price * num,
        }
        // The freeze first: it locks the user's books, so the same user's concurrent requests
        // count each other below (the per-user maximum holds under races).
        await ledger.post(trx, freezeTx(request))
        const asked = await q.askedBy(trx, user.userId, offer.id)
        if (asked + num > offer.max_lots * offer.lot) throw new Refusal('block_over_user_limit')
        const id = await q.insertOrder(trx, {
          offer_id: offer.id,
          user_id: user.userId,
          order_no: request.orderNo,
          currency: request.currency,
          num,
          price: offer.price,
          amount: request.amount,
          created_at: now,
        })
        return { id: String(id) }
      })
    },

    /** The user's requests: `pending` waiting for review, or `decided`. */
    async orders(
      userId: bigint,
      type: MarketType,
      status: 'pending' | 'decided',
    ): Promise<BlockOrder[]> {
      await allocateClosed(db, clock.now())
      const statuses = status === 'pending' ? [q.PENDING] : [q.APPROVED, q.REJECTED]
      const rows = await q.ordersOf(db, userId, currencyOf(type), statuses)
      return rows.map((row) => orderWire(row, market))
    },

    async order(userId: bigint, id: bigint): Promise<BlockOrder> {
      await allocateClosed(db, clock.now())
      const row = await q.orderOf(db, userId, id)
      if (!row) throw new Refusal('not_found')
      return orderWire(row, market)
    },
  }
}
