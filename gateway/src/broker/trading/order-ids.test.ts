import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationFixture, type MigrationFixture } from '../../store/migrations/migration.fixture'
import { reserveOrderId } from './orders.sql'

let m: MigrationFixture
const db = () => m.db

beforeAll(async () => {
  m = await migrationFixture()
})
afterAll(() => m.close())

describe(`0029-order-ids (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  // Issue 35: a resting order was a holding row; it becomes an order, and orders share ids with
  // the holdings they make.
  it("moves resting holdings to orders and draws order ids from the holdings' sequence", async () => {
    const migrator = await m.migrator()
    expect((await migrator.migrateTo('0028-orders')).error).toBeUndefined()
    const user = await sql<{ id: bigint }>`
      insert into users (account, password_hash, invite_code, created_at)
      values ('orderids1', 'x', 'ORDERIDS', 1) returning id`.execute(db())
    const userId = user.rows[0]!.id
    const holding = async (
      no: string,
      status: number,
      extra: { limit?: number; sell?: number },
    ) => {
      const { rows } = await sql<{ id: bigint }>`insert into holdings (user_id, order_no, code,
          market, currency, status, stock_num, limit_price, buy_price, frozen, buy_time, sell_price,
          created_at, sell_ordered_at)
        values (${userId}, ${no}, '7203', 'jp', 'JPY', ${status}, 100, ${extra.limit ?? null},
          30000000, ${status === 2 ? 3_003_000_000 : 0}, ${status === 2 ? null : 5}, ${extra.sell ?? null},
          4, ${extra.sell ? 6 : null})
        returning id`.execute(db())
      return rows[0]!.id
    }
    const held = await holding('TR-HELD', 0, {})
    const pending = await holding('TR-PEND', 2, { limit: 30000000 })
    const closing = await holding('TR-SELL', 1, { sell: 32000000 })

    expect((await migrator.migrateTo('0029-order-ids')).error).toBeUndefined()
    const orders = await sql<{ id: bigint; side: string; holding_id: bigint; frozen: bigint }>`
      select id, side, holding_id, frozen from orders order by id`.execute(db())
    const [buy, sell] = orders.rows
    expect(orders.rows).toHaveLength(2)
    expect(buy).toMatchObject({ id: pending, side: 'buy', holding_id: pending })
    expect(BigInt(buy!.frozen)).toBe(3_003_000_000n)
    expect(sell).toMatchObject({ side: 'sell', holding_id: closing })
    expect(BigInt(sell!.id)).toBeGreaterThan(BigInt(closing))
    const left = await sql<{ id: bigint }>`select id from holdings order by id`.execute(db())
    expect(left.rows.map((r) => BigInt(r.id))).toEqual([held, closing])

    // New ids pass every order's and holding's: an order's, then a holding written by default.
    const next = await reserveOrderId(m.store.db)
    expect(next).toBeGreaterThan(BigInt(sell!.id))
    const later = await holding('TR-NEXT', 0, {})
    expect(BigInt(later)).toBeGreaterThan(next)
  })
})
