// Postings of many lines (bulk.sql.ts above 64 lines): an IPO draw refunds every application in
// one transaction. The rest of the ledger's rules are in ledger.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerConsistent } from '../../../../tests/support/invariants'
import { ledgerFixture, type LedgerFixture } from './ledger.fixture'

let f: LedgerFixture

beforeAll(async () => {
  f = await ledgerFixture()
})
afterEach(() => expectLedgerConsistent(f.db))
afterAll(() => f.close())

describe(`ledger, large postings (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('posts a transaction of thousands of lines (a draw refunds every application at once)', async () => {
    // 9,001 lines: their entries pass SQLite's 32,766 parameters in one INSERT, and PostgreSQL's
    // one-statement posting is for a handful of lines.
    const users: bigint[] = []
    for (let first = 0; first < 9_000; first += 1_000) {
      const rows = await f.db
        .insertInto('users')
        .values(
          Array.from({ length: 1_000 }, (_, i) => ({
            account: `bulk${first + i}x${process.pid}`,
            password_hash: 'not-a-login',
            invite_code: `B${first + i}X${process.pid}`,
            created_at: 1,
          })),
        )
        .returning('id')
        .execute()
      users.push(...rows.map((r) => r.id))
    }
    await f.db.transaction().execute((trx) =>
      f.ledger.post(trx, {
        kind: 'deposit',
        userId: null,
        orderNo: 'BULK',
        postings: [
          { account: { house: 'bank_clearing', currency: 'JPY' }, amount: -9_000n },
          ...users.map((user) => ({
            account: { user, book: 'available' as const, currency: 'JPY' as const },
            amount: 1n,
          })),
        ],
      }),
    )
    const entries = await f.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('t.order_no', '=', 'BULK')
      .executeTakeFirstOrThrow()
    expect(Number(entries.n)).toBe(9_001)
    expect(await f.ledger.balances(f.db, users[8_999]!, 'JPY')).toMatchObject({ available: 1n })
  })

  it('moves a hundred users at once, and refuses the whole posting if one book would overdraw', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => f.newUser()))
    for (const user of users) await f.deposit(user, 10n)
    const freeze = (amountOf: (i: number) => bigint, orderNo: string) =>
      f.db.transaction().execute((trx) =>
        f.ledger.post(trx, {
          kind: 'withdraw_freeze',
          userId: null,
          orderNo,
          postings: users.flatMap((user, i) => [
            {
              account: { user, book: 'available' as const, currency: 'JPY' as const },
              amount: -amountOf(i),
            },
            {
              account: { user, book: 'frozen' as const, currency: 'JPY' as const },
              amount: amountOf(i),
            },
          ]),
        }),
      )
    // The last user has 10 and is asked for 11: nothing at all moves.
    await expect(freeze((i) => (i === 99 ? 11n : 4n), 'BULK-OVER')).rejects.toThrow(
      'insufficient_balance',
    )
    expect(await f.ledger.balances(f.db, users[0]!, 'JPY')).toMatchObject({
      available: 10n,
      frozen: 0n,
    })
    await freeze((i) => BigInt(1 + (i % 10)), 'BULK-OK')
    expect(await f.ledger.balances(f.db, users[7]!, 'JPY')).toMatchObject({
      available: 2n,
      frozen: 8n,
    })
    const afters = await f.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.user_id', 'a.book', 'e.amount', 'e.balance_after'])
      .where('t.order_no', '=', 'BULK-OK')
      .where('a.user_id', '=', users[7]!)
      .orderBy('a.book')
      .execute()
    expect(afters).toEqual([
      { user_id: users[7], book: 'available', amount: -8n, balance_after: 2n },
      { user_id: users[7], book: 'frozen', amount: 8n, balance_after: 8n },
    ])
    expect((await f.ledger.check(f.db)).violations).toEqual([])
  })

  it('refuses a bulk debit of a book never credited', async () => {
    const users = await Promise.all(Array.from({ length: 40 }, () => f.newUser()))
    const post = f.db.transaction().execute((trx) =>
      f.ledger.post(trx, {
        kind: 'withdraw_freeze',
        userId: null,
        orderNo: 'BULK-NONE',
        postings: users.flatMap((user) => [
          { account: { user, book: 'frozen' as const, currency: 'JPY' as const }, amount: -1n },
          { account: { user, book: 'available' as const, currency: 'JPY' as const }, amount: 1n },
        ]),
      }),
    )
    await expect(post).rejects.toThrow('insufficient_balance')
    expect(await f.ledger.balances(f.db, users[0]!, 'JPY')).toMatchObject({ available: 0n })
  })
})
