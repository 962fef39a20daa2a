import { sql, type Kysely, type Migration } from 'kysely'

const PAGE = 1_000
const big = (v: unknown) => BigInt(v as bigint)

interface Part {
  id: bigint
  user_id: bigint
  code: string
  order_no: string
  buy_time: bigint | null
  created_at: bigint
  account: string
}
interface Parent extends Part {
  bought_by: bigint | null
  is_buy: bigint | number
}

/**
 * `holdings.bought_by` (0047) for the rows split off before it, where what is stored says exactly
 * which holding they were split from: a resting sell filled in parts (splitSold) numbered each part
 * `<its sell order's order_no>-<n>`, and that sell order's `holding_id` is the row the part came
 * off. The part's buy order is then that row's `bought_by`, or the row's own id when the row is a
 * buy order's holding (0029-order-ids), or, when the row is itself a part this pass resolved, that
 * part's. The parent must carry the same user, code, buy instant, creation and account, the values
 * a part copies: a number that only looks like one finds nothing. Parts of a partial sell's claim
 * (the sell's own number, its order pointing at the part) and of an amended sell (a fresh number)
 * name no parent anywhere: they are left null and convert at their buy instant, as before.
 */
export function boughtByBackfill(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const resolved = new Map<bigint, bigint>()
      for (let after = 0n; ;) {
        const { rows } = await sql<Part>`select id, user_id, code, order_no, buy_time,
            created_at, account from holdings h
          where bought_by is null and id > ${after} and order_no like '%-%'
            and not exists (select 1 from orders b where b.id = h.id)
          order by id limit ${PAGE}`.execute(db)
        const last = rows.at(-1)
        if (!last) return
        after = big(last.id)
        await backfill(db, rows, resolved)
      }
    },
  }
}

/** One page of candidate parts: each resolved to its buy order where its sell order names it. */
async function backfill(db: Kysely<unknown>, parts: Part[], resolved: Map<bigint, bigint>) {
  const sellNo = (p: Part) => /^(.+)-(\d+)$/.exec(p.order_no)?.[1]
  const numbers = [...new Set(parts.flatMap((p) => sellNo(p) ?? []))]
  if (numbers.length === 0) return
  const { rows: sells } = await sql<{
    order_no: string
    user_id: bigint
    code: string
    holding_id: bigint
  }>`select order_no, user_id, code, holding_id from orders
    where side = 'sell' and holding_id is not null
      and order_no in (${sql.join(numbers)})`.execute(db)
  const sellOf = new Map(sells.map((s) => [s.order_no, s]))
  const ids = [...new Set(sells.map((s) => big(s.holding_id)))]
  if (ids.length === 0) return
  const { rows: parents } = await sql<Parent>`select id, user_id, code, order_no, buy_time,
      created_at, account, bought_by,
      case when exists (select 1 from orders b where b.id = h.id and b.side = 'buy')
        then 1 else 0 end as is_buy
    from holdings h where id in (${sql.join(ids)})`.execute(db)
  const parentOf = new Map(parents.map((p) => [big(p.id), p]))
  for (const part of parts) {
    const number = sellNo(part)
    const sell = number === undefined ? undefined : sellOf.get(number)
    const parent = sell && parentOf.get(big(sell.holding_id))
    if (!sell || !parent || !sameLot(part, parent) || big(sell.user_id) !== big(part.user_id)) {
      continue
    }
    const order =
      parent.bought_by !== null
        ? big(parent.bought_by)
        : Number(parent.is_buy) === 1
          ? big(parent.id)
          : resolved.get(big(parent.id))
    if (order === undefined) continue
    resolved.set(big(part.id), order)
    await sql`update holdings set bought_by = ${order}
      where id = ${big(part.id)} and bought_by is null`.execute(db)
  }
}

/** The values a part copies from the row it is split off (sale-claim.ts partOf). */
const sameLot = (a: Part, b: Part) =>
  big(a.id) !== big(b.id) &&
  big(a.user_id) === big(b.user_id) &&
  a.code === b.code &&
  a.account === b.account &&
  big(a.created_at) === big(b.created_at) &&
  (a.buy_time === null
    ? b.buy_time === null
    : b.buy_time !== null && big(a.buy_time) === big(b.buy_time))
