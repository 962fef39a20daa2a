import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { HoldingAccount } from '@kabu/shared/api/accounts'
import type { Database } from '../../store/index'
import type { HoldingsTable } from '../../store/schema/trading'
import { prepared, preparedInsert } from '../../store/prepared'
import type { Guard } from '../ledger/index'
import type { OrderAsk } from './order-kinds'

type Db = Kysely<Database>
export type HoldingRow = Selectable<HoldingsTable>

export interface NewOrder {
  userId: bigint
  orderNo: string
  code: string
  market: string
  currency: string
  num: number
  limitPrice: bigint | null
  price: bigint
  frozen: bigint
  now: number
  /** `day` or the last date, and when it lapses (shared/market/validity.ts). */
  validity: string
  expiresAt: number
  /** A market order fills in the same transaction: its holding is written with its fee. */
  filledFee?: bigint
  /** A credit buy (filled at once): its leverage, the user's margin and the debt lent. */
  credit?: { leverage: number; margin: bigint; debt: bigint }
  /** Its kind and trigger (order-kinds.ts); absent: a limit or market order by `limitPrice`. */
  ask?: OrderAsk
  /** `nisa`: NISA's growth frame; absent: the taxable account. */
  account?: HoldingAccount
}

/** The holding a buy order's fill makes: owned, with the order's id (migration 0029). */
export function boughtHolding(
  id: bigint,
  o: Pick<
    NewOrder,
    | 'userId'
    | 'orderNo'
    | 'code'
    | 'market'
    | 'currency'
    | 'num'
    | 'limitPrice'
    | 'credit'
    | 'account'
  >,
  fill: { price: bigint; fee: bigint; at: number; placedAt: number },
): Insertable<HoldingsTable> & { id: bigint } {
  return {
    id,
    user_id: o.userId,
    order_no: o.orderNo,
    code: o.code,
    market: o.market,
    currency: o.currency,
    status: HOLDING.holding,
    stock_num: o.num,
    limit_price: o.limitPrice,
    buy_price: fill.price,
    buy_fee: fill.fee,
    frozen: 0n,
    buy_time: fill.at,
    created_at: fill.placedAt,
    leverage: o.credit?.leverage ?? 1,
    margin: o.credit?.margin ?? 0n,
    credit_debt: o.credit?.debt ?? 0n,
    account: o.account ?? 'taxable',
  }
}

const int = (value: number | bigint) => BigInt(value)
const intOrNull = (value: number | bigint | null | undefined) =>
  value == null ? null : BigInt(value)

/** The holding row that insertHolding (or a one-statement buy) wrote, as a read returns it. */
export function writtenHolding(row: Insertable<HoldingsTable> & { id: bigint }): HoldingRow {
  return {
    ...row,
    user_id: int(row.user_id),
    status: int(row.status),
    stock_num: int(row.stock_num),
    limit_price: intOrNull(row.limit_price),
    buy_price: int(row.buy_price),
    buy_fee: int(row.buy_fee ?? 0n),
    buy_cost: null,
    frozen: int(row.frozen ?? 0n),
    buy_time: intOrNull(row.buy_time),
    sell_price: null,
    sell_fee: null,
    stamp_duty: null,
    realised: null,
    sell_time: null,
    created_at: int(row.created_at),
    sell_ordered_at: null,
    leverage: int(row.leverage ?? 1),
    margin: int(row.margin ?? 0n),
    trust_funds: 0n,
    credit_debt: int(row.credit_debt ?? 0n),
    credit_interest: 0n,
    call_deadline: null,
    interest_through: null,
    side: row.side ?? 'long',
    account: row.account ?? 'taxable',
    bought_by: intOrNull(row.bought_by),
  }
}

export async function insertHolding(
  db: Db,
  row: Insertable<HoldingsTable> & { id: bigint },
): Promise<void> {
  await holdingInsert(db, row)
}

const holdingInsert = preparedInsert('holdings')

/** What a holding's shares cost (before fees): buy_cost where kept, else price × shares. */
export const costOf = (h: Pick<HoldingRow, 'buy_cost' | 'buy_price' | 'stock_num'>): bigint =>
  h.buy_cost ?? h.buy_price * h.stock_num

/**
 * Adds a later fill of its buy order to holding `h` (still held, with the shares it was read
 * with): `num` more shares at `price`, their fee on top. It keeps what they all cost (buy_cost)
 * and shows its average as the buy price, rounded down to the unit (1/10,000), as a broker's
 * 平均取得単価; its buy time becomes the latest fill's, from which the sell lock counts. False,
 * writing nothing, when `h` has moved.
 */
export async function extendHolding(
  db: Db,
  h: Pick<HoldingRow, 'id' | 'stock_num' | 'buy_price' | 'buy_fee' | 'buy_cost'>,
  fill: { num: bigint; price: bigint; fee: bigint; at: number },
): Promise<boolean> {
  const num = h.stock_num + fill.num
  const cost = costOf(h) + fill.price * fill.num
  const result = await db
    .updateTable('holdings')
    .set({
      stock_num: num,
      buy_price: cost / num,
      buy_cost: cost === (cost / num) * num ? null : cost,
      buy_fee: h.buy_fee + fill.fee,
      buy_time: fill.at,
    })
    .where('id', '=', h.id)
    .where('status', '=', BigInt(HOLDING.holding))
    .where('stock_num', '=', h.stock_num)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** A column of ours in a one-statement posting's text: checked, then written as is. */
export function column(name: string): RawBuilder<unknown> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a column name: ${name}`)
  return sql.raw(name)
}

/**
 * `insert into <table> (...) select <values> <tail>` for a step of a one-statement posting
 * (PostgreSQL types the values by column); a value may be SQL (an id read from another step).
 */
export function insertSelect(
  table: 'holdings' | 'orders' | 'order_fills',
  row: Record<string, unknown>,
  tail: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const entries = Object.entries(row).filter(([, value]) => value !== undefined)
  return sql`insert into ${sql.raw(table)} (${sql.join(entries.map(([name]) => column(name)))})
    select ${sql.join(entries.map(([, value]) => value))} ${tail}
    returning id`
}

/** A user's own holding; another user's id reads as missing. */
export async function holdingOf(
  db: Db,
  userId: bigint,
  id: bigint,
): Promise<HoldingRow | undefined> {
  const { rows } = await userHolding(db, { userId, id })
  return rows[0]
}

const userHolding = prepared((db, p: { userId: bigint; id: bigint }) =>
  db.selectFrom('holdings').selectAll().where('id', '=', p.id).where('user_id', '=', p.userId),
)

export function holdingById(db: Db, id: bigint): Promise<HoldingRow | undefined> {
  return db.selectFrom('holdings').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A user's holdings in one market with the given statuses, newest first. */
export function userHoldings(
  db: Db,
  userId: bigint,
  market: string,
  statuses: readonly number[],
): Promise<HoldingRow[]> {
  return db
    .selectFrom('holdings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('status', 'in', statuses.map(BigInt))
    .orderBy('id', 'desc')
    .execute()
}

export type HoldingChange = Partial<{
  status: number
  buy_price: bigint
  buy_fee: bigint
  buy_cost: bigint | null
  frozen: bigint
  buy_time: number
  sell_price: bigint | null
  sell_fee: bigint
  stamp_duty: bigint
  realised: bigint
  sell_time: number
  sell_ordered_at: number | null
  credit_debt: bigint
  call_deadline: number | null
}>

function transitionQuery(
  db: Db,
  id: bigint,
  from: bigint,
  set: HoldingChange,
  stockNum?: bigint,
  debt?: bigint,
) {
  let update = db.updateTable('holdings').set(set).where('id', '=', id).where('status', '=', from)
  if (stockNum !== undefined) update = update.where('stock_num', '=', stockNum)
  return debt === undefined ? update : update.where('credit_debt', '=', debt)
}

/**
 * Moves a holding from one status to another only if it is still in `from` (and, given
 * `stockNum`, still has that many shares; given `debt`, still owes that much): the conditional
 * UPDATE is what makes two concurrent sells (or a fill racing a cancel, or a partial sell racing a
 * whole one, or a sale racing a day's interest) end with one winner.
 */
export async function transition(
  db: Db,
  id: bigint,
  from: number,
  set: HoldingChange,
  stockNum?: bigint,
  debt?: bigint,
): Promise<boolean> {
  const columns = Object.keys(set).filter((c) => set[c as keyof HoldingChange] !== undefined)
  const shape = `${columns.join(',')}/${stockNum !== undefined}/${debt !== undefined}`
  let statement = transitions.get(shape)
  if (!statement) {
    const byNum = stockNum !== undefined
    const byDebt = debt !== undefined
    statement = prepared((d, p: Record<string, unknown>) =>
      transitionQuery(
        d,
        p.id as bigint,
        p.from as bigint,
        Object.fromEntries(columns.map((c) => [c, p[`set_${c}`]])),
        byNum ? (p.stockNum as bigint) : undefined,
        byDebt ? (p.debt as bigint) : undefined,
      ),
    )
    transitions.set(shape, statement)
  }
  const values: Record<string, unknown> = { id, from: BigInt(from), stockNum, debt }
  for (const c of columns) values[`set_${c}`] = set[c as keyof HoldingChange]
  const { numAffectedRows } = await statement(db, values)
  return numAffectedRows === 1n
}

// A sale, a fill and a call move holdings many times a second: each shape of change is prepared
// once (store/prepared.ts).
const transitions = new Map<string, ReturnType<typeof prepared<Record<string, unknown>, unknown>>>()

/** transition as the first step of a one-statement posting: the rest runs only if it moved. */
export function transitionStep(
  change: { id: bigint; from: number; set: HoldingChange; stockNum?: bigint },
  guard: Guard,
): RawBuilder<unknown> {
  const { id, from, set, stockNum } = change
  const assignments = Object.entries(set)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => sql`${column(name)} = ${value}`)
  const sameShares = stockNum === undefined ? sql`` : sql` and stock_num = ${stockNum}`
  return sql`update holdings set ${sql.join(assignments)}
    where id = ${id} and status = ${BigInt(from)}${sameShares} and ${guard}
    returning id`
}
