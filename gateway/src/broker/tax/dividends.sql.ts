import { sql, type Kysely } from 'kysely'
import { onPostgres, type Database } from '../../store/index'
import type { TaxKind } from '@kabu/shared/tax/tax-kind'
import type { NewTaxEvent } from './tax.sql'

type Db = Kysely<Database>

/**
 * A dividend's long holders still expected, in user order, each with the kind of their taxable
 * account as it is now (no `tax_accounts` row: 特定口座 源泉徴収あり, as taxKindOf reads it): one
 * statement whatever their number, where a read per holder made 100,000 holders' payment slow.
 */
export async function expectedHolders(db: Db, action: string): Promise<ExpectedDividend[]> {
  const rows = await db
    .selectFrom('dividends as d')
    .leftJoin('tax_accounts as ta', 'ta.user_id', 'd.user_id')
    .select([
      'd.id',
      'd.user_id',
      'd.code',
      'd.currency',
      'd.pay_date',
      'd.shares',
      'd.gross',
      'd.withheld_foreign',
      'd.withheld_national',
      'd.withheld_local',
      'd.account',
      'ta.kind',
    ])
    .where('d.action', '=', action)
    .where('d.side', '=', 'long')
    .where('d.status', '=', 'expected')
    .orderBy('d.user_id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    userId: BigInt(r.user_id),
    code: r.code,
    currency: r.currency,
    payDate: r.pay_date,
    account: r.account,
    shares: r.shares,
    gross: r.gross,
    withheldForeign: r.withheld_foreign,
    withheldNational: r.withheld_national,
    withheldLocal: r.withheld_local,
    taxKind: r.kind ?? 'tokutei_withholding',
  }))
}

/** A holder's expected dividend row as the netting reads it, with their account's kind now. */
export interface ExpectedDividend {
  id: bigint
  userId: bigint
  code: string
  currency: string
  payDate: string
  /** The account the row is paid into: a taxable kind as recorded, or `nisa`. */
  account: string
  shares: bigint
  gross: bigint
  withheldForeign: bigint
  withheldNational: bigint
  withheldLocal: bigint
  taxKind: TaxKind
}

/** A dividend row's Japanese withholding as the year's netting set it. */
export interface DividendTax {
  id: bigint
  national: bigint
  local: bigint
  net: bigint
}

// Rows per statement: the values travel as one or four parameters whatever the count, so this
// only bounds one statement's text and memory.
const ROWS_PER_UPDATE = 50_000

/**
 * Writes the rows' withholding and net by one UPDATE per ROWS_PER_UPDATE rows, joined to the new
 * values (the ledger's bulk balances do the same: bulk.sql.ts): PostgreSQL unnests bigint arrays,
 * SQLite reads one JSON array of tuples (JSON integers, exact up to 64 bits).
 */
export async function writeDividendTax(db: Db, rows: readonly DividendTax[]): Promise<void> {
  for (let first = 0; first < rows.length; first += ROWS_PER_UPDATE) {
    const chunk = rows.slice(first, first + ROWS_PER_UPDATE)
    if (onPostgres(db)) {
      const column = (pick: (r: DividendTax) => bigint) => chunk.map((r) => String(pick(r)))
      await sql`update dividends
        set withheld_national = v.national, withheld_local = v.local, net = v.net
        from unnest(cast(${column((r) => r.id)} as bigint[]),
          cast(${column((r) => r.national)} as bigint[]), cast(${column((r) => r.local)} as bigint[]),
          cast(${column((r) => r.net)} as bigint[])) as v(id, national, local, net)
        where dividends.id = v.id`.execute(db)
    } else {
      const tuples = `[${chunk.map((r) => `[${r.id},${r.national},${r.local},${r.net}]`).join(',')}]`
      await sql`update dividends set withheld_national = json_extract(v.value, '$[1]'),
          withheld_local = json_extract(v.value, '$[2]'), net = json_extract(v.value, '$[3]')
        from json_each(${tuples}) as v
        where dividends.id = json_extract(v.value, '$[0]')`.execute(db)
    }
  }
}

/** Bound parameters a statement may take: SQLite's limit (PostgreSQL takes 65,535). */
const MAX_PARAMETERS = 32_766

/**
 * Records many events (a dividend's holders) by multi-row INSERTs, as many rows each as the
 * stores' parameter limit lets (every column of a row is a parameter).
 */
export async function insertEvents(db: Db, events: readonly NewTaxEvent[]): Promise<void> {
  const first = events[0]
  if (!first) return
  const perInsert = Math.floor(MAX_PARAMETERS / Object.keys(first).length)
  for (let from = 0; from < events.length; from += perInsert) {
    await db
      .insertInto('tax_events')
      .values(events.slice(from, from + perInsert))
      .execute()
  }
}
