import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fails, migrationFixture, type MigrationFixture } from './migration.fixture'

let m: MigrationFixture
const db = () => m.db

beforeAll(async () => {
  m = await migrationFixture()
})
afterAll(() => m.close())

const DEADLINE = 3_000

describe(`0027-ipo-lapsed (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  // Issue 34 item 6: the deadline job recorded an unpaid winner as waived (6), "you declined".
  it('admits status 7 and moves the waivers settled after the deadline (the job’s) to it', async () => {
    const migrator = await m.migrator()
    expect((await migrator.migrateTo('0026-sale-stamp-duty')).error).toBeUndefined()
    const user = await sql<{ id: bigint }>`
      insert into users (account, password_hash, invite_code, created_at)
      values ('lapsed01', 'x', 'LAPSED01', 1) returning id`.execute(db())
    const userId = user.rows[0]!.id
    const offer = await sql<{ id: bigint }>`
      insert into ipo_offers (code, market, currency, name_ja, name_zh, name_en, price, lot,
        user_limit_lots, lots_offered, subscribe_start, subscribe_end, lottery_at, pay_deadline,
        listing_at, underwriter, summary_ja, summary_zh, summary_en, seed, commitment, created_at)
      values ('L001', 'jp', 'JPY', 'n', 'n', 'n', 1, 100, 3, 3, 1000, 2000, 2500, ${DEADLINE},
        5000, 'u', 's', 's', 's', 'seed', 'commitment', 1) returning id`.execute(db())
    const offerId = offer.rows[0]!.id
    const application = (no: string, status: number, settledAt: number) =>
      sql`insert into ipo_applications
        (offer_id, user_id, order_no, ref, lots, amount, status, won_lots, settled_at, created_at)
        values (${offerId}, ${userId}, ${no}, ${no}, 1, 1, ${status}, 1, ${settledAt}, 1)`.execute(
        db(),
      )
    await application('IP-USER', 6, DEADLINE - 1)
    expect(await fails(() => application('IP-SEVEN', 7, DEADLINE + 1))).toBe(true)
    // One application per user and offer: the job's waiver is another user's.
    const other = await sql<{ id: bigint }>`
      insert into users (account, password_hash, invite_code, created_at)
      values ('lapsed02', 'x', 'LAPSED02', 1) returning id`.execute(db())
    await sql`insert into ipo_applications
      (offer_id, user_id, order_no, ref, lots, amount, status, won_lots, settled_at, created_at)
      values (${offerId}, ${other.rows[0]!.id}, 'IP-JOB', 'IP-JOB', 1, 1, 6, 1, ${DEADLINE + 1}, 1)
    `.execute(db())

    expect((await migrator.migrateTo('0027-ipo-lapsed')).error).toBeUndefined()
    const rows = await sql<{ order_no: string; status: bigint | number }>`
      select order_no, status from ipo_applications order by order_no`.execute(db())
    expect(rows.rows.map((r) => [r.order_no, Number(r.status)])).toEqual([
      ['IP-JOB', 7],
      ['IP-USER', 6],
    ])
    // The rebuilt table keeps its checks: 8 is no status, and one user applies once.
    expect(
      await fails(() =>
        sql`update ipo_applications set status = 8 where order_no = 'IP-JOB'`.execute(db()),
      ),
    ).toBe(true)
    expect(
      await fails(() =>
        sql`insert into ipo_applications
          (offer_id, user_id, order_no, ref, lots, amount, created_at)
          values (${offerId}, ${userId}, 'IP-AGAIN', 'IP-AGAIN', 1, 1, 1)`.execute(db()),
      ),
    ).toBe(true)
  })
})
