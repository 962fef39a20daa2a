import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationFixture, type MigrationFixture } from './migration.fixture'

let m: MigrationFixture
const db = () => m.db

beforeAll(async () => {
  m = await migrationFixture()
})
afterAll(() => m.close())

describe(`0049-bought-by-backfill (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  // Issue 36: rows split off before 0047 have no bought_by; where their sell order names the row
  // they came off, the migration writes it, and it writes nothing it would have to guess.
  it('gives a resting sell’s parts their buy order, and leaves the parts no stored row names', async () => {
    const migrator = await m.migrator()
    expect((await migrator.migrateTo('0048-order-partial-indexes')).error).toBeUndefined()
    const user = await sql<{ id: bigint }>`
      insert into users (account, password_hash, invite_code, created_at)
      values ('backfill01', 'x', 'BACKFILL01', 1) returning id`.execute(db())
    const userId = user.rows[0]!.id
    const holding = (id: number, orderNo: string, buyTime = 50, boughtBy: number | null = null) =>
      sql`insert into holdings (id, user_id, order_no, code, market, currency, status, stock_num,
          buy_price, buy_time, created_at, bought_by)
        values (${id}, ${userId}, ${orderNo}, 'AAPL', 'us', 'USD', 4, 10, 1000000, ${buyTime},
          40, ${boughtBy})`.execute(db())
    const order = (id: number, orderNo: string, side: string, holdingId: number) =>
      sql`insert into orders (id, user_id, order_no, code, market, currency, side, kind, num,
          status, validity, expires_at, holding_id, created_at, updated_at)
        values (${id}, ${userId}, ${orderNo}, 'AAPL', 'us', 'USD', ${side}, 'limit', 30,
          'filled', 'day', 1, ${holdingId}, 40, 60)`.execute(db())
    // A buy's holding (its id is its order's), closing under a resting sell filled in parts.
    await holding(100, 'TR1-a')
    await order(100, 'TR1-a', 'buy', 100)
    await order(200, 'TR2-b', 'sell', 100)
    await holding(101, 'TR2-b-2')
    // Numbered like a part of that sell, but not of the same lot: another buy instant.
    await holding(102, 'TR2-b-3', 51)
    // A partial sell's claim: the part has its sell's own number, the sell points at the part.
    await holding(103, 'TR3-c')
    await order(201, 'TR3-c', 'sell', 103)
    // An amended sell's shares held again: a fresh number no order has.
    await holding(104, 'TR4-d')
    // Already written by 0047's code: left as it is.
    await holding(105, 'TR2-b-4', 50, 999)
    // A part of a row that already knows its buy order.
    await holding(110, 'TR5-e', 50, 100)
    await order(202, 'TR6-f', 'sell', 110)
    await holding(111, 'TR6-f-1')

    expect((await migrator.migrateTo('0049-bought-by-backfill')).error).toBeUndefined()
    const rows = await sql<{ id: bigint | number; bought_by: bigint | number | null }>`
      select id, bought_by from holdings order by id`.execute(db())
    const byId = Object.fromEntries(
      rows.rows.map((r) => [Number(r.id), r.bought_by === null ? null : Number(r.bought_by)]),
    )
    expect(byId).toEqual({
      100: null,
      101: 100,
      102: null,
      103: null,
      104: null,
      105: 999,
      110: 100,
      111: 100,
    })
  })
})
