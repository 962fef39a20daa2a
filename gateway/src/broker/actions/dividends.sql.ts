import { sql, type Kysely, type RawBuilder } from 'kysely'
import {
  TAX_ACCOUNT_KINDS,
  type DividendRates,
  type Rate,
  type TaxAccountKind,
} from '@kabu/shared/tax/dividend-withholding'
import type { Database } from '../../store/index'
import type { SelectedLines } from '../ledger/index'
import { HELD } from './steps.sql'

type Db = Kysely<Database>

/** A dividend as the SQL needs it; amounts in units. */
export interface DividendRow {
  action: string
  code: string
  market: string
  currency: string
  recordDate: string
  payDate: string
  exStart: number
  cash: bigint
  /** What each account withholds (dividendRates of each kind). */
  rates: Record<TaxAccountKind, DividendRates>
  /** The currency's smallest coin in units: each tax is cut below it. */
  step: bigint
}

/** A number in a SELECT list, typed: PostgreSQL would read a bare parameter there as text. */
const big = (value: bigint | number) => sql`cast(${BigInt(value)} as bigint)`

/** `amount × rate` cut to the coin, in SQL: withholdDividend's `cutTo`, term for term. */
const cut = (amount: RawBuilder<unknown>, rate: Rate, step: bigint) =>
  sql`((${amount}) * ${rate.num}) / ${rate.den * step} * ${step}`

/**
 * Held through the end of the last cum date: bought before the ex-date began, and still held or
 * sold from the ex-date on.
 */
const ofRecord = (d: DividendRow) => sql`code = ${d.code}
  and coalesce(buy_time, created_at) < ${BigInt(d.exStart)}
  and (status in (${sql.join(HELD)}) or (status = 4 and sell_time >= ${BigInt(d.exStart)}))`

/**
 * The account a holding's dividend is paid into (shared/tax/dividend-withholding.ts): NISA for a
 * NISA holding, else the user's taxable kind (no `tax_accounts` row: 特定口座 源泉徴収あり).
 */
const accountKind = sql`case when h.account = 'nisa' then 'nisa'
  else coalesce(ta.kind, 'tokutei_withholding') end`

/** `amount × ` the rate `pick` takes of the row's account kind, cut to the coin: a CASE by kind. */
const byKind = (d: DividendRow, amount: RawBuilder<unknown>, pick: (r: DividendRates) => Rate) =>
  sql`case kind ${sql.join(
    TAX_ACCOUNT_KINDS.map((k) => sql`when ${k} then ${cut(amount, pick(d.rates[k]), d.step)}`),
    sql` `,
  )} end`

/**
 * The holders of record, one `expected` row per user and account with the withholding that
 * account takes (dividendRates by kind): one INSERT…SELECT whatever their number.
 */
export async function recordLongs(db: Db, d: DividendRow, now: number): Promise<number> {
  const foreign = byKind(d, sql`gross`, (r) => r.foreign)
  const national = byKind(d, sql`gross - wf`, (r) => r.national)
  const local = byKind(d, sql`gross - wf`, (r) => r.local)
  const result = await sql`insert into dividends (action, user_id, side, code, market, currency,
      record_date, pay_date, shares, cash_per_share, gross, withheld_foreign, withheld_national,
      withheld_local, net, account, status, created_at)
    select ${d.action}, user_id, 'long', ${d.code}, ${d.market}, ${d.currency}, ${d.recordDate},
      ${d.payDate}, shares, ${big(d.cash)}, gross, wf, wn, wl, gross - wf - wn - wl,
      kind, 'expected', ${big(now)}
    from (select user_id, kind, shares, gross, wf, ${national} as wn, ${local} as wl
      from (select user_id, kind, shares, gross, ${foreign} as wf
        from (select user_id, kind, shares, shares * ${d.cash} as gross
          from (select h.user_id, ${accountKind} as kind, cast(sum(h.stock_num) as bigint) as shares
            from holdings h left join tax_accounts ta on ta.user_id = h.user_id
            where h.side = 'long' and ${ofRecord(d)}
            group by h.user_id, h.account, ta.kind) a) b) c) t
    where gross > 0`.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}

/** A short still open pays the dividend equivalent: recorded as paid, negative. */
const openShorts = (d: DividendRow) =>
  sql`side = 'short' and status in (${sql.join(HELD)}) and ${ofRecord(d)}`

export async function recordShorts(db: Db, d: DividendRow, now: number): Promise<number> {
  const result = await sql`insert into dividends (action, user_id, side, code, market, currency,
      record_date, pay_date, shares, cash_per_share, gross, withheld_foreign, withheld_national,
      withheld_local, net, account, status, created_at, paid_at)
    select ${d.action}, user_id, 'short', ${d.code}, ${d.market}, ${d.currency}, ${d.recordDate},
      ${d.payDate}, shares, ${big(d.cash)}, 0 - shares * ${d.cash}, 0, 0, 0, 0 - shares * ${d.cash},
      kind, 'paid', ${big(now)}, ${big(now)}
    from (select h.user_id, coalesce(ta.kind, 'tokutei_withholding') as kind,
        cast(sum(h.stock_num) as bigint) as shares
      from holdings h left join tax_accounts ta on ta.user_id = h.user_id
      where ${openShorts(d)} group by h.user_id, ta.kind) h`.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}

/** Each short's own share of the equivalent joins what it owes, as a borrow fee does. */
export async function chargeShorts(db: Db, d: DividendRow): Promise<void> {
  await sql`update holdings set credit_debt = credit_debt + stock_num * ${d.cash}
    where ${openShorts(d)}`.execute(db)
}

/** The short holders' lines: what they owe grows in their `credit` book. */
export const shortLines = (action: string): SelectedLines =>
  sql`select user_id, 'credit' as book, currency, 0 - net as amount
    from dividends where action = ${action} and side = 'short'`

/** The holders' net dividends into `available`: one line per user (a row per user and account). */
export const payLines = (action: string): SelectedLines =>
  sql`select user_id, 'available' as book, currency, cast(sum(net) as bigint) as amount
    from dividends where action = ${action} and side = 'long' and status = 'expected'
    group by user_id, currency`

export interface Totals {
  gross: bigint
  foreign: bigint
  national: bigint
  local: bigint
  net: bigint
}

export async function totalsOf(
  db: Db,
  action: string,
  side: 'long' | 'short',
  status: 'expected' | 'paid',
): Promise<Totals> {
  const row = await db
    .selectFrom('dividends')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<bigint>('gross'), sql<bigint>`0`).as('gross'),
      eb.fn.coalesce(eb.fn.sum<bigint>('withheld_foreign'), sql<bigint>`0`).as('foreign'),
      eb.fn.coalesce(eb.fn.sum<bigint>('withheld_national'), sql<bigint>`0`).as('national'),
      eb.fn.coalesce(eb.fn.sum<bigint>('withheld_local'), sql<bigint>`0`).as('local'),
      eb.fn.coalesce(eb.fn.sum<bigint>('net'), sql<bigint>`0`).as('net'),
    ])
    .where('action', '=', action)
    .where('side', '=', side)
    .where('status', '=', status)
    .executeTakeFirstOrThrow()
  return {
    gross: BigInt(row.gross),
    foreign: BigInt(row.foreign),
    national: BigInt(row.national),
    local: BigInt(row.local),
    net: BigInt(row.net),
  }
}

/** Marks an action's long dividends paid; the rows it paid (their holders are told). */
export function markPaid(db: Db, action: string, now: number) {
  return db
    .updateTable('dividends')
    .set({ status: 'paid', paid_at: BigInt(now) })
    .where('action', '=', action)
    .where('side', '=', 'long')
    .where('status', '=', 'expected')
    .returning(['id', 'user_id', 'code', 'net', 'currency'])
    .execute()
}
