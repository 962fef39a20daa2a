import { sql, type Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import { type Posting, repayCreditPostings } from '../ledger/index'
import type { SplitRow } from './split-row'

type Db = Kysely<Database>

const mine = (s: SplitRow) =>
  sql`id in (select holding_id from holding_splits where action = ${s.action})`
/** A credit long with a fraction: its fraction is sold for cash in lieu as a credit sale is. */
const sold = (s: SplitRow) =>
  sql`${mine(s)} and side = 'long' and leverage > 1 and stock_num % ${s.den} <> 0`
/** The fraction's share of a column of the row as it was; all of it when no new share is left. */
const shareOf = (s: SplitRow, column: 'credit_debt' | 'credit_interest') =>
  sql`case when stock_num < ${s.den} then ${sql.ref(column)}
    else ${sql.ref(column)} * (stock_num % ${s.den}) / stock_num end`
/**
 * What the cash in lieu repays, as saleOf does with a sale's proceeds: the fraction's share of the
 * debt (which holds the accrued interest), up to the cash; what it cannot cover stays owed.
 */
const repaid = (s: SplitRow) => {
  const cash = sql`(stock_num % ${s.den}) * ${s.lastClose}`
  return sql`case when ${shareOf(s, 'credit_debt')} < ${cash} then ${shareOf(s, 'credit_debt')}
    else ${cash} end`
}

/** The fraction's share of the interest a credit long paid: part of its cost as a sale's is. */
export const interestShare = (s: SplitRow) =>
  sql`case when leverage > 1 then ${shareOf(s, 'credit_interest')} else 0 end`

export interface CreditFraction {
  userId: bigint
  cash: bigint
  repaid: bigint
}

/** Each user's credit longs' cash in lieu and what it repays, read before the holdings move. */
export async function creditFractions(db: Db, s: SplitRow): Promise<CreditFraction[]> {
  if (s.den === 1n) return []
  const { rows } = await sql<{ user_id: bigint; cash: bigint; repaid: bigint }>`select user_id,
      cast(sum((stock_num % ${s.den}) * ${s.lastClose}) as bigint) as cash,
      cast(sum(${repaid(s)}) as bigint) as repaid
    from holdings where ${sold(s)} group by user_id order by user_id`.execute(db)
  return rows.map((r) => ({
    userId: BigInt(r.user_id),
    cash: BigInt(r.cash),
    repaid: BigInt(r.repaid),
  }))
}

/**
 * The loan side of the fractions, before moveSplitHoldings (whose SETs read the row as it was):
 * the debt falls by what the cash in lieu repaid; a position keeping shares keeps the interest of
 * those, while one closed keeps all of it for its realised P/L, as a closed credit sale does.
 */
export async function repayCreditFractions(db: Db, s: SplitRow): Promise<void> {
  if (s.den === 1n) return
  await sql`update holdings set credit_debt = credit_debt - ${repaid(s)},
      credit_interest = case when stock_num < ${s.den} then credit_interest
        else credit_interest - ${shareOf(s, 'credit_interest')} end
    where ${sold(s)}`.execute(db)
}

/**
 * The ledger lines of credit longs' cash in lieu, as a credit sale posts its proceeds: the debt's
 * part repaid through repayCreditPostings, the rest to the user's available cash.
 */
export function creditCashPostings(sold: CreditFraction[], currency: string): Posting[] {
  const c = currency as Currency
  return sold.flatMap((f) => [
    ...(f.cash === f.repaid
      ? []
      : [
          {
            account: { user: f.userId, book: 'available' as const, currency: c },
            amount: f.cash - f.repaid,
          },
        ]),
    ...repayCreditPostings(f.userId, c, f.repaid),
  ])
}
