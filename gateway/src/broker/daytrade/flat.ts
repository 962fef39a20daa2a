import type { Kysely } from 'kysely'
import type { DaytradeSide } from '@kabu/shared/api/daytrade'
import type { Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { newOrderNo } from '../common/order-no'
import type { Ledger, Posting } from '../ledger/index'
import * as q from './daytrade.sql'
import { feeOf } from './fees'
import { claimDue, deletePositions, insertFills, openPositions, writeSettled } from './flat.sql'
import { unitsOf } from './market-rules'
import { applyFill, cashOfFill } from './position'
import { settlementLines } from './postings'

export interface FlatDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: Pick<MarketService, 'snapshot'>
  settings: TradingSettings
}

/** One participation the forced flat settled, for the user's event after the commit. */
export interface Settled {
  id: bigint
  userId: bigint
  returned: bigint
}

/**
 * The forced flat at the market's close, for every participation whose close has come, in ONE SQL
 * transaction: the participations are claimed (`traded`) by one UPDATE, their open positions read,
 * each closed at the last price (its average price when the market has none) as a fill marked
 * `forced`, the fills written and the positions removed in set-based statements, the totals
 * written by one UPDATE per chunk, and the close and the settlement of all of them posted as ONE
 * ledger transaction (the ledger's bulk path past 64 lines): each user's intraday book leaves, what
 * it ends at goes to `available`, the house's bank_clearing and fees take the other side.
 */
export function createForcedFlat({ db, clock, ledger, market, settings }: FlatDeps) {
  const lastPrice = new Map<string, bigint | null>()
  const priceOf = (code: string): bigint | null => {
    if (!lastPrice.has(code)) {
      const quote = market.snapshot(code)
      lastPrice.set(code, quote && quote.price > 0 ? unitsOf(quote.price) : null)
    }
    return lastPrice.get(code) ?? null
  }

  return async function flattenDue(): Promise<Settled[]> {
    const now = clock.now()
    lastPrice.clear()
    return db.transaction().execute(async (trx) => {
      const claimed = await claimDue(trx, now)
      if (claimed.length === 0) return []
      const byId = new Map(
        claimed.map((p) => [p.id, { ...p, proceeds: 0n, closeFees: 0n, realised: 0n }]),
      )
      const fills: q.NewFill[] = []
      for (const pos of await openPositions(trx, [...byId.keys()])) {
        const p = byId.get(pos.participation_id)!
        const side: DaytradeSide = pos.qty > 0n ? 'sell' : 'buy'
        const num = pos.qty > 0n ? pos.qty : -pos.qty
        const price = priceOf(pos.code) ?? pos.cost / pos.qty
        const { realised } = applyFill({ qty: pos.qty, cost: pos.cost }, side, num, price)
        const value = price * num
        const fee = feeOf(settings, side, p.market as Market, value)
        p.proceeds += cashOfFill(side, value)
        p.closeFees += fee
        p.realised += realised
        fills.push({
          participation_id: p.id,
          user_id: p.user_id,
          order_no: newOrderNo('DT', now),
          code: pos.code,
          side,
          num,
          price,
          fee,
          realised,
          forced: 1,
          created_at: now,
        })
      }
      await insertFills(trx, fills)
      await deletePositions(trx, [...byId.keys()])

      const books = await q.intradayBooks(trx, [...new Set(claimed.map((p) => p.user_id))])
      const lines: Posting[] = []
      const house = new Map<Currency, { bank: bigint; fees: bigint }>()
      const totals: { id: bigint; pnl: bigint; fees: bigint; returned: bigint }[] = []
      const settled: Settled[] = []
      for (const p of byId.values()) {
        const currency = p.currency as Currency
        const s = settlementLines({
          userId: p.user_id,
          currency,
          balance: books.get(`${p.user_id}/${currency}`) ?? 0n,
          proceeds: p.proceeds,
          fees: p.closeFees,
        })
        lines.push(...s.lines)
        const h = house.get(currency) ?? { bank: 0n, fees: 0n }
        house.set(currency, { bank: h.bank + s.bank, fees: h.fees + s.fees })
        totals.push({
          id: p.id,
          pnl: p.pnl + p.realised,
          fees: p.fees + p.closeFees,
          returned: s.returned,
        })
        settled.push({ id: p.id, userId: p.user_id, returned: s.returned })
      }
      for (const [currency, h] of house) {
        if (h.bank !== 0n)
          lines.push({ account: { house: 'bank_clearing', currency }, amount: h.bank })
        if (h.fees !== 0n) lines.push({ account: { house: 'fees', currency }, amount: h.fees })
      }
      await writeSettled(trx, totals)
      if (lines.length > 0) {
        await ledger.post(trx, {
          kind: 'daytrade_settle',
          userId: claimed.length === 1 ? claimed[0]!.user_id : null,
          orderNo: claimed.length === 1 ? claimed[0]!.order_no : newOrderNo('DT', now),
          postings: lines,
        })
      }
      return settled
    })
  }
}

export type ForcedFlat = ReturnType<typeof createForcedFlat>
