import type { Kysely } from 'kysely'
import type { NetAssetParts, PositionAtMarket } from '@kabu/shared/assets'
import { accruedInterest } from '@kabu/shared/loans'
import type { Currency } from '@kabu/shared/money/currencies'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { Ledger } from '../ledger/index'
import * as q from './assets.sql'

/** The last price of `code` in units; undefined when the market has no quote for it. */
export type PriceOf = (code: string) => bigint | undefined

/** Prices from the market service, as every holding list reads them (lists.ts). */
export function marketPrices(market: Pick<MarketService, 'snapshot'>): PriceOf {
  return (code) => {
    const quote = market.snapshot(code)
    return quote ? BigInt(Math.round(quote.price * 10_000)) : undefined
  }
}

export interface ValuationDeps {
  ledger: Pick<Ledger, 'balances'>
  /** The loans' published daily rate (a decimal string). */
  loanRateDaily: string
}

/**
 * Every part of a user's net assets in one wallet, read in one snapshot (the caller's
 * transaction), with positions at `price`. A code without a quote counts at what it was bought
 * or sold at, as the holding lists show it.
 */
export async function partsOf(
  db: Kysely<Database>,
  deps: ValuationDeps,
  userId: bigint,
  currency: Currency,
  price: PriceOf,
  now: number,
): Promise<NetAssetParts & { netDeposits: bigint }> {
  const books = await deps.ledger.balances(db, userId, currency)
  const holdings = await q.openPositions(db, userId, currency)
  const intraday = await q.intradayPositions(db, userId, currency)
  const loans = await q.owedLoans(db, userId, currency)
  const positions = holdings.map((h): PositionAtMarket => ({
    side: h.side,
    shares: h.stock_num,
    price: price(h.code) ?? h.buy_price,
    cost: h.buy_cost ?? h.buy_price * h.stock_num,
  }))
  const intradayPositions = intraday.map((p) => ({
    qty: p.qty,
    cost: p.cost,
    // Without a quote a position counts at its entry: no gain or loss yet.
    price: price(p.code) ?? p.cost / p.qty,
  }))
  const loanInterest = loans.reduce(
    (sum, l) =>
      l.decided_at === null
        ? sum
        : sum + accruedInterest(l.amount, deps.loanRateDaily, Number(l.decided_at), now, currency),
    0n,
  )
  return {
    cashAvailable: books.available,
    cashFrozen: books.frozen,
    positions,
    products: books.product,
    intraday: books.intraday,
    intradayPositions,
    liabilities: books.borrowed + books.credit + loanInterest,
    netDeposits: await q.netDeposits(db, userId, currency),
  }
}
