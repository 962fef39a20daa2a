import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import { DAYTRADE_STATUS } from '@kabu/shared/api/daytrade'
import type { LedgerKind } from '@kabu/shared/lines/index'
import type { Currency } from '@kabu/shared/money/currencies'
import { sumOf, type Database } from '../../store/index'

/**
 * One user's reads of the valuation, by currency. The tables are other areas' (holdings, day
 * trading, loans): read here, never written, as the trust panel reads the ledger.
 */

type Db = Kysely<Database>

/** Holdings owned or sold short now: a resting sell's shares are still held. */
export const OPEN_HOLDINGS = [HOLDING.holding, HOLDING.closing]
/** Participations whose money sits in the intraday book and its positions. */
export const OPEN_PARTICIPATIONS = [DAYTRADE_STATUS.trading, DAYTRADE_STATUS.applied]
/**
 * Transactions that move money across the wallet's edge: the bank's deposits and paid
 * withdrawals, and exchanges in or out. A withdrawal's freeze and release stay inside the user's
 * books and sum to zero there.
 */
export const DEPOSIT_KINDS: LedgerKind[] = [
  'deposit',
  'withdraw_freeze',
  'withdraw_pay',
  'withdraw_release',
  'fx',
]

export function openPositions(db: Db, userId: bigint, currency: Currency) {
  return db
    .selectFrom('holdings')
    .select(['code', 'side', 'stock_num', 'buy_price', 'buy_cost'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('status', 'in', OPEN_HOLDINGS.map(BigInt))
    .execute()
}

export function intradayPositions(db: Db, userId: bigint, currency: Currency) {
  return db
    .selectFrom('daytrade_positions as p')
    .innerJoin('daytrade_participations as d', 'd.id', 'p.participation_id')
    .select(['p.code', 'p.qty', 'p.cost'])
    .where('d.user_id', '=', userId)
    .where('d.currency', '=', currency)
    .where('d.status', 'in', OPEN_PARTICIPATIONS.map(BigInt))
    .where('p.qty', '<>', 0n)
    .execute()
}

/** Approved loans not yet repaid: their accrued interest is owed but not yet booked. */
export function owedLoans(db: Db, userId: bigint, currency: Currency) {
  return db
    .selectFrom('loans')
    .select(['amount', 'decided_at'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('status', '=', 1n)
    .execute()
}

export async function netDeposits(db: Db, userId: bigint, currency: Currency): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .select(sumOf('e.amount').as('total'))
    .where('a.user_id', '=', userId)
    .where('a.currency', '=', currency)
    .where('t.kind', 'in', DEPOSIT_KINDS)
    .executeTakeFirst()
  return row?.total ?? 0n
}

/** The last close before `date` (the previous close of the day's change). */
export function closeBefore(db: Db, userId: bigint, currency: Currency, date: string) {
  return db
    .selectFrom('asset_history')
    .select(['net_assets', 'net_deposits'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('date', '<', date)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export function closesSince(db: Db, userId: bigint, currency: Currency, from: string | null) {
  let query = db
    .selectFrom('asset_history')
    .select(['date', 'net_assets', 'net_deposits'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
  if (from !== null) query = query.where('date', '>=', from)
  return query.orderBy('date').execute()
}
