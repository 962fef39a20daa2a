import type { Kysely } from 'kysely'
import type { WireDividend, WireSplit } from '@kabu/shared/api/actions'
import type { Market } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Database } from '../../store/index'

/** How many rows one list answers: a holder of many codes for many years still gets one page. */
const MOST = 500

/** The user's dividends of one market, newest payment first; `year` by payment date. */
export async function dividendsOf(
  db: Kysely<Database>,
  userId: bigint,
  market: Market,
  year?: number,
): Promise<WireDividend[]> {
  let query = db
    .selectFrom('dividends')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
  if (year !== undefined) {
    query = query.where('pay_date', '>=', `${year}-01-01`).where('pay_date', '<=', `${year}-12-31`)
  }
  const rows = await query.orderBy('pay_date', 'desc').orderBy('id', 'desc').limit(MOST).execute()
  return rows.map((r) => ({
    code: r.code,
    record_date: r.record_date,
    pay_date: r.pay_date,
    shares: Number(r.shares),
    gross: formatUnits(r.gross),
    withheld_foreign: formatUnits(r.withheld_foreign),
    withheld_national: formatUnits(r.withheld_national),
    withheld_local: formatUnits(r.withheld_local),
    net: formatUnits(r.net),
    account: r.account,
    status: r.status,
  }))
}

/** The splits that adjusted the user's holdings of one market, newest first. */
export async function splitsOf(
  db: Kysely<Database>,
  userId: bigint,
  market: Market,
): Promise<WireSplit[]> {
  const rows = await db
    .selectFrom('holding_splits as s')
    .innerJoin('holdings as h', 'h.id', 's.holding_id')
    .select([
      's.holding_id',
      's.code',
      's.ex_date',
      's.ratio',
      's.shares_before',
      's.shares_after',
      's.cash_in_lieu',
    ])
    .where('s.user_id', '=', userId)
    .where('h.market', '=', market)
    .orderBy('s.ex_date', 'desc')
    .limit(MOST)
    .execute()
  return rows.map((r) => ({
    holding_id: String(r.holding_id),
    code: r.code,
    ex_date: r.ex_date,
    ratio: r.ratio,
    shares_before: Number(r.shares_before),
    shares_after: Number(r.shares_after),
    cash_in_lieu: formatUnits(r.cash_in_lieu),
  }))
}
