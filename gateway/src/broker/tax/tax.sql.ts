import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely'
import type { TaxKind } from '@kabu/shared/tax/tax-kind'
import { onPostgres, type Database } from '../../store/index'
import { OPEN_HOLDING_ROWS } from '../../store/migrations/0050-holdings-open'
import { prepared, preparedInsert } from '../../store/prepared'
import type { TaxEventsTable } from '../../store/schema/tax'
import { TAXABLE_HOLDINGS } from '../common/tax-book'

export type TaxEventRow = Selectable<TaxEventsTable>
/** An event to write: a yen one (a yen sale or dividend) has no fx_rate. */
export type NewTaxEvent = Omit<TaxEventRow, 'id' | 'fx_rate'> & { fx_rate?: string | null }

const big = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(v as bigint))

/**
 * The code's cash holdings still open in the taxable account: the moving average's rows, which
 * every sale reads (its state, its gate, the rows of a foreign code's basis).
 */
export const openCash = (db: Kysely<Database>, userId: bigint, code: string) =>
  db
    .selectFrom('holdings')
    .where('user_id', '=', userId)
    .where('code', '=', code)
    .where('side', '=', 'long')
    .where('leverage', '=', 1n)
    .where(OPEN_HOLDING_ROWS)
    .where(TAXABLE_HOLDINGS)
const openShares = sql<bigint>`cast(coalesce(sum(stock_num), 0) as bigint)`
const openCost = sql<bigint>`cast(coalesce(sum(coalesce(buy_cost, buy_price * stock_num) + buy_fee), 0) as bigint)`

/**
 * What a sale of `code` reads, in ONE statement: the code's cash holdings open in the taxable
 * account (shares, and what they cost with their buy fees), the code's moving-average drift left
 * by its last sale, the year as its latest event left it, the account's kind (no row: 特定口座
 * 源泉徴収あり) and the user's tax_seq.
 */
const saleStateQuery = prepared((db, p: { userId: bigint; code: string; year: number }) => {
  const open = openCash(db, p.userId, p.code)
  const ofYear = db
    .selectFrom('tax_events')
    .where('user_id', '=', p.userId)
    .where('year', '=', p.year)
    .orderBy('id', 'desc')
    .limit(1)
  const ofCode = db
    .selectFrom('tax_events')
    .where('user_id', '=', p.userId)
    .where('code', '=', p.code)
    .where('kind', '=', 'sale')
    .orderBy('id', 'desc')
    .limit(1)
  return db
    .selectFrom('users')
    .where('id', '=', p.userId)
    .select([
      open.select(openShares.as('v')).as('shares'),
      open.select(openCost.as('v')).as('cost'),
      ofCode.select('basis_drift').as('drift'),
      ofYear.select('year_net').as('net'),
      ofYear.select('year_national').as('national'),
      ofYear.select('year_local').as('local'),
      db.selectFrom('tax_accounts').select('kind').where('user_id', '=', p.userId).as('kind'),
      'tax_seq',
    ])
})

/**
 * The code's open cash rows in the taxable account one by one: what each cost (fee included), when
 * it was bought and by which buy order, for a foreign code's basis in yen (each row at its own
 * instant's rate, or its order's fills' each at theirs).
 */
export async function openRows(db: Kysely<Database>, p: { userId: bigint; code: string }) {
  const rows = await openCash(db, p.userId, p.code)
    .select([
      sql<bigint>`coalesce(buy_cost, buy_price * stock_num) + buy_fee`.as('cost'),
      sql<bigint>`coalesce(buy_time, created_at)`.as('at'),
      sql<bigint>`coalesce(bought_by, id)`.as('order'),
    ])
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ cost: big(r.cost), at: Number(r.at), order: big(r.order) }))
}

/**
 * The fills of buy orders `orderIds` (a holding's id, or its `bought_by`; an id that is no
 * order's has none): what each cost with its fee, and when.
 */
export async function fillsOf(db: Kysely<Database>, orderIds: readonly bigint[]) {
  if (orderIds.length === 0) return []
  const rows = await db
    .selectFrom('order_fills')
    .select(['order_id', 'num', 'price', 'fee', 'at'])
    .where('order_id', 'in', [...new Set(orderIds)])
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    order: big(r.order_id),
    cost: big(r.price) * big(r.num) + big(r.fee),
    at: Number(r.at),
  }))
}

export interface SaleState {
  /** The code's open cash shares in the account, and their rows' cost. */
  shares: bigint
  cost: bigint
  drift: bigint
  year: { net: bigint; national: bigint; local: bigint }
  kind: TaxKind
  /** users.tax_seq as read: a sale's gate checks it still stands. */
  seq: bigint
}

export async function saleState(
  db: Kysely<Database>,
  p: { userId: bigint; code: string; year: number },
): Promise<SaleState> {
  const { rows } = await saleStateQuery(db, p)
  const r = rows[0]
  if (!r) throw new Error(`user ${p.userId} vanished inside their own sale`)
  return {
    shares: big(r.shares),
    cost: big(r.cost),
    drift: big(r.drift),
    year: { net: big(r.net), national: big(r.national), local: big(r.local) },
    kind: r.kind ?? 'tokutei_withholding',
    seq: big(r.tax_seq),
  }
}

/**
 * A sale's gate (LedgerCommand.gate) for its one statement: the user's row, locked, only while
 * tax_seq and the code's open cash rows are as `state` read them. A sale or dividend committed
 * meanwhile has moved tax_seq, which PostgreSQL checks again on the row's newest version once the
 * lock is free; the rows' sums are read at the statement's start, so a buy after it came after.
 */
export function saleGate(
  db: Kysely<Database>,
  p: { userId: bigint; code: string },
  state: Pick<SaleState, 'seq' | 'shares' | 'cost'>,
) {
  const open = openCash(db, p.userId, p.code)
  return sql`${db
    .selectFrom('users')
    .select('id')
    .where('id', '=', p.userId)
    .where('tax_seq', '=', state.seq)
    .where(open.select(openShares.as('v')), '=', state.shares)
    .where(open.select(openCost.as('v')), '=', state.cost)
    .forNoKeyUpdate()}`
}

/**
 * After a sale's ledger header `tx`: its event (`sale_tx_id` the header's id) and the user's
 * tax_seq moved past it.
 */
export function eventAfterTx(event: Omit<NewTaxEvent, 'sale_tx_id'>) {
  const entries = Object.entries(event)
  return [
    (tx: RawBuilder<unknown>) =>
      sql`insert into tax_events (${sql.join(entries.map(([name]) => sql.ref(name)))}, sale_tx_id)
        select ${sql.join(entries.map(([, value]) => value))}, id from ${tx} returning id`,
    (tx: RawBuilder<unknown>) =>
      sql`update users set tax_seq = tax_seq + 1
        where id = ${event.user_id} and exists (select 1 from ${tx}) returning id`,
  ]
}

/**
 * Holds `userIds`' tax years for a write (PostgreSQL: their rows locked in id order till the
 * transaction ends, and their tax_seq moved, so a sale read before it finds its gate closed);
 * SQLite has one writer and no one-statement sale.
 */
export async function holdTaxYears(db: Kysely<Database>, userIds: bigint[]): Promise<void> {
  if (!onPostgres(db)) return
  const sorted = [...userIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  // Chunks in id order keep the lock order; each under the stores' parameter limits.
  for (const chunk of chunksOf(sorted)) {
    const inOrder = db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', chunk)
      .orderBy('id')
      .forNoKeyUpdate()
    await db
      .updateTable('users')
      .set((eb) => ({ tax_seq: eb('tax_seq', '+', 1n) }))
      .where('id', 'in', inOrder)
      .execute()
  }
}

/** Users per statement of a dividend's holders: a dividend may have 100,000 (SQLite takes 32,766 parameters). */
const USERS_PER_STATEMENT = 5_000
const chunksOf = (ids: bigint[]) =>
  Array.from({ length: Math.ceil(ids.length / USERS_PER_STATEMENT) }, (_, i) =>
    ids.slice(i * USERS_PER_STATEMENT, (i + 1) * USERS_PER_STATEMENT),
  )

/** The year as the latest event of each of `userIds` left it (a dividend's holders). */
export async function yearsOf(db: Kysely<Database>, userIds: bigint[], year: number) {
  const years = new Map<bigint, SaleState['year']>()
  for (const chunk of chunksOf(userIds)) {
    const rows = await db
      .selectFrom('tax_events as e')
      .select(['e.user_id', 'e.year_net', 'e.year_national', 'e.year_local'])
      .where('e.user_id', 'in', chunk)
      .where('e.year', '=', year)
      .where('e.id', '=', (eb) =>
        eb
          .selectFrom('tax_events as l')
          .select((l) => l.fn.max('l.id').as('id'))
          .whereRef('l.user_id', '=', 'e.user_id')
          .where('l.year', '=', year),
      )
      .execute()
    for (const r of rows) {
      years.set(BigInt(r.user_id), {
        net: big(r.year_net),
        national: big(r.year_national),
        local: big(r.year_local),
      })
    }
  }
  return years
}

export const insertEvent = preparedInsert('tax_events')

/** The user's events of one year, oldest first. */
export function eventsOf(db: Kysely<Database>, userId: bigint, year: number) {
  return db
    .selectFrom('tax_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .orderBy('id')
    .execute()
}
