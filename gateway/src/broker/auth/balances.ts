import type { Kysely } from 'kysely'
import { CURRENCY_OF_MARKET, type Market } from '@kabu/shared/market/types'
import type { Database } from '../../store/index'
import type { Ledger } from '../ledger/index'

/** The two figures getUserinfo shows for one market's wallet, in 1/10,000 of the currency unit. */
export interface WalletBalances {
  /** Cash the user may use now (`jpy`). */
  available: bigint
  /** Money owed (`jpyyjed`): credit loans and what stock-credit positions owe. */
  borrowed: bigint
}

/**
 * Reads a user's wallet for a market. The auth area takes this as a dependency (see app.ts) so the
 * ledger of issue 3 plugs in by passing its own reader, computed from ledger entries; nothing in
 * the auth area changes then.
 */
export type BalanceReader = (userId: bigint, market: Market) => Promise<WalletBalances>

/** Before the ledger exists no money can have moved, so every wallet is truly empty. */
export const balancesBeforeLedger: BalanceReader = async () => ({ available: 0n, borrowed: 0n })

/**
 * The wallet of a market's currency as the ledger holds it: the `available` book, and what the
 * user owes, the `borrowed` (loans) and `credit` (stock credit) books together.
 */
export function ledgerBalances(ledger: Ledger, db: Kysely<Database>): BalanceReader {
  return async (userId, market) => {
    const books = await ledger.balances(db, userId, CURRENCY_OF_MARKET[market])
    return { available: books.available, borrowed: books.borrowed + books.credit }
  }
}
