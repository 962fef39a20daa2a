import { sql, type Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { onPostgres, type Database } from '../../store/index'
import { OPEN_HOLDINGS, OPEN_PARTICIPATIONS } from './assets.sql'
import { depositKinds } from '../../store/migrations/0048-order-partial-indexes'

type Db = Kysely<Database>

/** Rows of (key, amount) handed to the statement as one JSON parameter. */
export type Keyed = ReadonlyArray<{ key: string; amount: bigint }>

// One parameter whatever its size, read as a table: json_each on SQLite, jsonb on PostgreSQL.
// Amounts travel as decimal strings, so every unit stays exact.
function table(db: Db, rows: Keyed, keyType: 'text' | 'bigint') {
  const json = JSON.stringify(rows.map((r) => ({ k: r.key, a: String(r.amount) })))
  return onPostgres(db)
    ? sql`select cast(r.k as ${sql.raw(keyType)}) as k, cast(r.a as bigint) as a
        from jsonb_to_recordset(cast(${json} as jsonb)) as r(k text, a text)`
    : sql`select ${keyType === 'text' ? sql`json_extract(value, '$.k')` : sql`cast(json_extract(value, '$.k') as integer)`} as k,
        cast(json_extract(value, '$.a') as integer) as a from json_each(${json})`
}

/**
 * Writes every user's net assets in `currency` at one close, in ONE set-based statement: the
 * ledger's books (what is owed subtracted), holdings at `prices` (code → units; a code without
 * one at its buy price), day-trading positions likewise, the loan interest accrued (`owed`,
 * user id → units) subtracted, and net deposits summed from the ledger's deposit, withdrawal and
 * exchange lines. Product issuers are not customers and get no row. A row already written for the
 * user and date stays as it is, so a re-run or a second leader writes nothing twice. Returns the
 * rows written.
 */
export async function writeClose(
  db: Db,
  close: { currency: Currency; date: string; at: number },
  prices: Keyed,
  owed: Keyed,
): Promise<number> {
  const { currency, date, at } = close
  const owes = sql.join(['borrowed', 'credit'])
  const result = await sql`
    with prices as (${table(db, prices, 'text')}),
    owed as (${table(db, owed, 'bigint')}),
    parts (user_id, amount, deposit) as (
      select a.user_id, case when a.book in (${owes}) then -a.balance else a.balance end, 0
        from ledger_accounts a
        where a.currency = ${currency} and a.user_id is not null
      union all
      select h.user_id, case when h.side = 'short'
          then coalesce(h.buy_cost, h.buy_price * h.stock_num) - coalesce(p.a, h.buy_price) * h.stock_num
          else coalesce(p.a, h.buy_price) * h.stock_num end, 0
        from holdings h left join prices p on p.k = h.code
        where h.currency = ${currency} and h.status in (${sql.join(OPEN_HOLDINGS)})
      union all
      select d.user_id, coalesce(p.a, x.cost / x.qty) * x.qty, 0
        from daytrade_positions x
        join daytrade_participations d on d.id = x.participation_id
        left join prices p on p.k = x.code
        where x.qty <> 0 and d.currency = ${currency} and d.status in (${sql.join(OPEN_PARTICIPATIONS)})
      union all
      select o.k, -o.a, 0 from owed o
      union all
      select a.user_id, 0, e.amount
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.tx_id
        where a.currency = ${currency} and a.user_id is not null
          and ${depositKinds('t.kind')}
    )
    insert into asset_history (user_id, currency, date, at, net_assets, net_deposits)
    select p.user_id, ${currency}, ${date}, cast(${at} as bigint),
        cast(sum(p.amount) as bigint), cast(sum(p.deposit) as bigint)
      from parts p join users u on u.id = p.user_id
      where u.status <> 'issuer'
      group by p.user_id
    on conflict (user_id, currency, date) do nothing
  `.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}
