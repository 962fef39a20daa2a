import { sql, type Kysely } from 'kysely'
import type { Database } from '../../store/index'
import { TAXABLE_HOLDINGS, type SplitFractionRow } from '../common/tax-book'
import type { SelectedLines } from '../ledger/index'
import { interestShare } from './split-credit.sql'
import type { SplitRow } from './split-row'
import { HELD } from './steps.sql'

type Db = Kysely<Database>

const cost = sql`coalesce(buy_cost, buy_price * stock_num)`
/** A long's cash in lieu: its old shares past the last whole new share, at the last close. */
const longCash = (s: SplitRow) => sql`(stock_num % ${s.den}) * ${s.lastClose}`

/**
 * What the split does to each holding held through the cum date (long or short), as rows of
 * holding_splits: one INSERT…SELECT however many. A forward split multiplies the shares; a reverse
 * one divides them, a long's fraction paid in cash at the last close, a short's rounded up (it owes
 * one whole new share for the fraction, sold short at the last close: its proceeds grow by that).
 */
export async function writeSplits(db: Db, s: SplitRow): Promise<number> {
  const after =
    s.den === 1n
      ? sql`stock_num * ${s.num}`
      : sql`case when side = 'short' then (stock_num + ${s.den - 1n}) / ${s.den}
          else stock_num / ${s.den} end`
  const cash = s.den === 1n ? sql`0` : sql`case when side = 'short' then 0 else ${longCash(s)} end`
  const result = await sql`insert into holding_splits
      (holding_id, action, user_id, code, ex_date, ratio, shares_before, shares_after, cash_in_lieu)
    select id, ${s.action}, user_id, code, ${s.exDate}, ${s.ratio}, stock_num, ${after}, ${cash}
    from holdings
    where code = ${s.code} and status in (${sql.join(HELD)})
      and coalesce(buy_time, created_at) < ${BigInt(s.exStart)}`.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}

const mine = (s: SplitRow) =>
  sql`id in (select holding_id from holding_splits where action = ${s.action})`

/**
 * Moves the split holdings to their new shares. A forward split keeps what they cost: the price
 * per share divides, and where that is not exact the cost is kept in buy_cost (as a fill in parts
 * does). A reverse split's long keeps the cost of the whole shares it keeps (the fraction's cost
 * leaves with its cash); one left with none is closed as sold at the last close, a credit long's
 * realised counting the interest it paid (repayCreditFractions has repaid its debt). A short's
 * proceeds grow by the fraction it sold short. Every SET reads the row as it was.
 */
export async function moveSplitHoldings(db: Db, s: SplitRow, now: number): Promise<void> {
  if (s.den === 1n) {
    await sql`update holdings set
        buy_cost = case when buy_cost is null and buy_price % ${s.num} <> 0
          then buy_price * stock_num else buy_cost end,
        buy_price = buy_price / ${s.num},
        stock_num = stock_num * ${s.num}
      where ${mine(s)}`.execute(db)
    return
  }
  const kept = sql`(select shares_after from holding_splits x
    where x.holding_id = holdings.id and x.action = ${s.action})`
  const keptCost = sql`(${cost} - ${cost} * (stock_num % ${s.den}) / stock_num)`
  await sql`update holdings set
      status = 4, sell_price = ${s.lastClose}, sell_fee = 0, stamp_duty = 0, sell_time = ${BigInt(now)},
      realised = stock_num * ${s.lastClose} - ${cost} - buy_fee - credit_interest,
      call_deadline = null
    where ${mine(s)} and side = 'long' and stock_num < ${s.den}`.execute(db)
  await sql`update holdings set
      buy_cost = ${keptCost}, buy_price = ${keptCost} / (stock_num / ${s.den}),
      stock_num = stock_num / ${s.den}
    where ${mine(s)} and side = 'long' and stock_num >= ${s.den}`.execute(db)
  const roundedUp = sql`${cost} + (${kept} * ${s.den} - stock_num) * ${s.lastClose}`
  await sql`update holdings set
      buy_cost = ${roundedUp}, buy_price = ${roundedUp} / ${kept}, stock_num = ${kept}
    where ${mine(s)} and side = 'short'`.execute(db)
}

/**
 * The book value each user's NISA holdings give up to a reverse split, read before the holdings
 * move: a fraction's share of its holding's cost (what moveSplitHoldings takes off), or the whole
 * cost of a holding left with no share. Sold for cash in lieu, it is a NISA sale: back in the
 * lifetime room from next year.
 */
export async function nisaFractions(db: Db, s: SplitRow) {
  if (s.den === 1n) return []
  const { rows } = await sql<{ user_id: bigint; cost: bigint }>`select user_id,
      cast(sum(case when stock_num < ${s.den} then ${cost}
        else ${cost} * (stock_num % ${s.den}) / stock_num end) as bigint) as cost
    from holdings
    where ${mine(s)} and side = 'long' and account = 'nisa' and stock_num % ${s.den} <> 0
    group by user_id order by user_id`.execute(db)
  return rows.map((r) => ({ userId: BigInt(r.user_id), cost: BigInt(r.cost) }))
}

/**
 * Each user's fractions in the taxable account, read before the holdings move: a sale for the tax
 * (MARKET-RULES.md §10), its proceeds the cash in lieu, one for the user's cash holdings and one
 * for their credit positions (`averaged` false). `cost` is what leaves the rows' cost: the
 * fraction's share (its holding keeps the buy fee), or a holding left with no share whole, fee
 * included; a credit position's adds the interest that share paid, as a credit sale's realised
 * counts it. `rows` are the cash rows apart, so that a foreign code's fraction takes in yen exactly
 * what leaves each row's yen cost (in-yen.ts), each row at its own buy's rates.
 */
export async function taxableFractions(db: Db, s: SplitRow) {
  if (s.den === 1n) return []
  const { rows } = await sql<{
    user_id: bigint
    leverage: bigint
    shares: bigint
    cost: bigint
    taken: bigint
    cash: bigint
    at: bigint
    order: bigint
  }>`
    select user_id, leverage, stock_num % ${s.den} as shares, ${cost} + buy_fee as cost,
      case when stock_num < ${s.den} then ${cost} + buy_fee
        else ${cost} * (stock_num % ${s.den}) / stock_num end + ${interestShare(s)} as taken,
      ${longCash(s)} as cash, coalesce(buy_time, created_at) as at,
      coalesce(bought_by, id) as ${sql.ref('order')}
    from holdings
    where ${mine(s)} and side = 'long' and ${TAXABLE_HOLDINGS} and stock_num % ${s.den} <> 0
    order by user_id, id`.execute(db)
  const sales = new Map<string, TaxableFraction>()
  for (const r of rows) {
    const averaged = BigInt(r.leverage) === 1n
    const key = `${r.user_id}:${averaged}`
    const sale = sales.get(key) ?? {
      userId: BigInt(r.user_id),
      averaged,
      shares: 0n,
      cost: 0n,
      cash: 0n,
      rows: [],
    }
    const taken = BigInt(r.taken)
    sale.shares += BigInt(r.shares)
    sale.cost += taken
    sale.cash += BigInt(r.cash)
    const order = BigInt(r.order)
    if (averaged) sale.rows.push({ cost: BigInt(r.cost), taken, at: Number(r.at), order })
    sales.set(key, sale)
  }
  return [...sales.values()]
}

export interface TaxableFraction {
  userId: bigint
  /** The user's cash holdings' fractions (the code's moving average); false: credit positions'. */
  averaged: boolean
  shares: bigint
  cost: bigint
  cash: bigint
  rows: SplitFractionRow[]
}

/**
 * Cash holdings' or credit positions' splits: their cash in lieu posts apart, each its own ledger
 * transaction, so that a user's line carries one sale's tax event (the export joins a line to the
 * events of its transaction).
 */
const ofCredit = (credit: boolean) =>
  sql`holding_id in (select id from holdings where leverage ${credit ? sql`>` : sql`=`} 1)`

/**
 * The cash in lieu of each user's cash holdings' fractions: one line per user (a credit long's
 * repays its loan first, its lines split-credit.sql.ts creditCashPostings).
 */
export const cashInLieuLines = (s: SplitRow, currency: string): SelectedLines =>
  sql`select user_id, 'available' as book, ${currency} as currency,
      cast(sum(cash_in_lieu) as bigint) as amount
    from holding_splits where action = ${s.action} and cash_in_lieu > 0 and ${ofCredit(false)}
    group by user_id`

export async function cashInLieuTotal(db: Db, s: SplitRow, credit: boolean): Promise<bigint> {
  const { rows } = await sql<{
    total: bigint | null
  }>`select cast(sum(cash_in_lieu) as bigint) as total
    from holding_splits where action = ${s.action} and ${ofCredit(credit)}`.execute(db)
  return BigInt(rows[0]?.total ?? 0n)
}
