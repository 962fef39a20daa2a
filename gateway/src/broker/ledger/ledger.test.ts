import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerConsistent } from '../../../../tests/support/invariants'
import { Refusal } from '../common/refusal'
import { HOUSE_SHARDS } from './account-keys'
import { ledgerFixture, userBooks, type LedgerFixture } from './ledger.fixture'

let f: LedgerFixture

beforeAll(async () => {
  f = await ledgerFixture()
})
afterEach(() => expectLedgerConsistent(f.db))
afterAll(() => f.close())

async function refusalOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Refusal) return error.key
    throw error
  }
  throw new Error('expected a refusal')
}

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a failure')
}

const count = async (table: 'ledger_transactions' | 'ledger_entries') =>
  Number(
    (
      await f.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe(`ledger (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('credits a deposit and records entries with the balance after each', async () => {
    const user = await f.newUser()
    await f.deposit(user, 1_000_000n)
    await f.deposit(user, 250_000n)
    expect(await f.ledger.balances(f.db, user, 'JPY')).toEqual(
      userBooks({
        available: 1_250_000n,
        frozen: 0n,
        borrowed: 0n,
      }),
    )
    expect(await f.ledger.balances(f.db, user, 'USD')).toEqual(
      userBooks({
        available: 0n,
        frozen: 0n,
        borrowed: 0n,
      }),
    )
    const lines = await f.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['e.amount', 'e.balance_after'])
      .where('a.user_id', '=', user)
      .orderBy('e.id')
      .execute()
    expect(lines).toEqual([
      { amount: 1_000_000n, balance_after: 1_000_000n },
      { amount: 250_000n, balance_after: 1_250_000n },
    ])
  })

  it('freezes and releases between books of one user', async () => {
    const user = await f.newUser()
    await f.deposit(user, 500n)
    await f.db.transaction().execute((trx) =>
      f.ledger.post(trx, {
        kind: 'withdraw_freeze',
        userId: user,
        orderNo: 'W1',
        postings: [
          { account: { user, book: 'available', currency: 'JPY' }, amount: -300n },
          { account: { user, book: 'frozen', currency: 'JPY' }, amount: 300n },
        ],
      }),
    )
    expect(await f.ledger.balances(f.db, user, 'JPY')).toEqual(
      userBooks({
        available: 200n,
        frozen: 300n,
      }),
    )
  })

  it('refuses an overdraft with insufficient_balance and the rollback leaves nothing', async () => {
    const user = await f.newUser()
    await f.deposit(user, 100n)
    const before = {
      txs: await count('ledger_transactions'),
      entries: await count('ledger_entries'),
    }
    const key = await refusalOf(() =>
      f.db.transaction().execute((trx) =>
        f.ledger.post(trx, {
          kind: 'withdraw_freeze',
          userId: user,
          orderNo: 'W2',
          postings: [
            { account: { user, book: 'available', currency: 'JPY' }, amount: -101n },
            { account: { user, book: 'frozen', currency: 'JPY' }, amount: 101n },
          ],
        }),
      ),
    )
    expect(key).toBe('insufficient_balance')
    expect(await f.ledger.balances(f.db, user, 'JPY')).toEqual(
      userBooks({
        available: 100n,
        frozen: 0n,
      }),
    )
    expect(await count('ledger_transactions')).toBe(before.txs)
    expect(await count('ledger_entries')).toBe(before.entries)
  })

  it('lets house books go below zero (bank clearing is the outside world)', async () => {
    const user = await f.newUser()
    await f.deposit(user, 7n, 'USD')
    expect(await f.ledger.houseBalance(f.db, 'bank_clearing', 'USD')).toBeLessThan(0n)
  })

  it('spreads a house book over shards by user, and its balance sums them', async () => {
    const before = await f.ledger.houseBalance(f.db, 'bank_clearing', 'HKD')
    const users = await Promise.all(Array.from({ length: 3 }, () => f.newUser()))
    await Promise.all(users.map((user, i) => f.deposit(user, BigInt(100 + i), 'HKD')))
    await f.deposit(users[0] as bigint, 1n, 'HKD')
    const shards = await f.db
      .selectFrom('ledger_accounts')
      .select(['shard', 'balance'])
      .where('user_id', 'is', null)
      .where('book', '=', 'bank_clearing')
      .where('currency', '=', 'HKD')
      .orderBy('shard')
      .execute()
    // Three consecutive users, three shards; the first user's second deposit reused its shard.
    expect(shards.map((s) => s.shard)).toEqual(
      users.map((u) => u % HOUSE_SHARDS).sort((a, b) => Number(a - b)),
    )
    expect(await f.ledger.houseBalance(f.db, 'bank_clearing', 'HKD')).toBe(before - 304n)
    expect(await f.ledger.houseBalance(f.db, 'fees', 'HKD')).toBe(0n)
  })

  it('refuses a shard on a user book: only house books are split', async () => {
    const user = await f.newUser()
    const error = await failure(() =>
      f.db
        .insertInto('ledger_accounts')
        .values({ user_id: user, book: 'available', currency: 'USD', shard: 1, created_at: 1 })
        .execute(),
    )
    expect((error as { code?: string }).code).toMatch(/^(SQLITE_CONSTRAINT_CHECK|23514)$/)
  })

  it('posts a transaction that names one account twice, an entry per line', async () => {
    const user = await f.newUser()
    await f.deposit(user, 50n)
    const mine = (book: 'available' | 'frozen', amount: bigint) => ({
      account: { user, book, currency: 'JPY' as const },
      amount,
    })
    await f.db.transaction().execute((trx) =>
      f.ledger.post(trx, {
        kind: 'withdraw_freeze',
        userId: user,
        orderNo: 'TWICE',
        postings: [mine('available', -20n), mine('available', -30n), mine('frozen', 50n)],
      }),
    )
    expect(await f.ledger.balances(f.db, user, 'JPY')).toMatchObject({ available: 0n, frozen: 50n })
    const afters = await f.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
      .select(['e.amount', 'e.balance_after'])
      .where('t.order_no', '=', 'TWICE')
      .orderBy('e.id')
      .execute()
    expect(afters).toEqual([
      { amount: -20n, balance_after: 30n },
      { amount: -30n, balance_after: 0n },
      { amount: 50n, balance_after: 50n },
    ])
  })

  it('rejects postings that do not balance, name no currency or move zero, writing nothing', async () => {
    const user = await f.newUser()
    const before = await count('ledger_transactions')
    const post = (postings: Parameters<typeof f.ledger.post>[1]['postings']) =>
      failure(() =>
        f.db
          .transaction()
          .execute((trx) =>
            f.ledger.post(trx, { kind: 'deposit', userId: user, orderNo: 'X', postings }),
          ),
      )
    const credit = { account: { user, book: 'available', currency: 'JPY' }, amount: 5n } as const
    expect((await post([credit])).message).toMatch(/two postings/)
    expect(
      (await post([credit, { account: { house: 'fees', currency: 'JPY' }, amount: -4n }])).message,
    ).toMatch(/sum to 1/)
    expect(
      (await post([credit, { account: { house: 'fees', currency: 'USD' }, amount: -5n }])).message,
    ).toMatch(/JPY .*sum to 5/)
    expect(
      (
        await post([
          { ...credit, amount: 0n },
          { account: { house: 'fees', currency: 'JPY' }, amount: 0n },
        ])
      ).message,
    ).toMatch(/zero/)
    expect(await count('ledger_transactions')).toBe(before)
  })

  it('never lets a ledger row be updated or deleted', async () => {
    const user = await f.newUser()
    await f.deposit(user, 42n)
    const columns = { ledger_entries: 'amount', ledger_transactions: 'kind' } as const
    for (const [table, column] of Object.entries(columns)) {
      const update = await failure(() =>
        sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)}`.execute(f.db),
      )
      expect(update.message).toMatch(/append-only/)
      const remove = await failure(() => sql`delete from ${sql.table(table)}`.execute(f.db))
      expect(remove.message).toMatch(/append-only/)
    }
    if (f.kind === 'postgres') {
      const truncate = await failure(() => sql`truncate ledger_entries`.execute(f.db))
      expect(truncate.message).toMatch(/append-only/)
    }
    expect(await count('ledger_entries')).toBeGreaterThan(0)
  })

  it('check reports a balance that drifted from its entries, and a negative user book', async () => {
    const user = await f.newUser()
    await f.deposit(user, 10n)
    const account = await f.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', '=', user)
      .executeTakeFirstOrThrow()
    const setBalance = (balance: bigint) =>
      f.db.updateTable('ledger_accounts').set({ balance }).where('id', '=', account.id).execute()
    await setBalance(11n)
    const drifted = await f.ledger.check(f.db)
    expect(drifted.ok).toBe(false)
    expect(drifted.violations).toContain(
      `account ${account.id} balance 11 but its entries sum to 10`,
    )
    expect(drifted.violations).toContain(`account ${account.id} balance 11, last entry says 10`)
    await setBalance(10n)
    expect(await f.ledger.check(f.db)).toEqual({ ok: true, violations: [] })
  })

  it('creates a new account once when many transactions touch it at the same time', async () => {
    const users = await Promise.all([f.newUser(), f.newUser(), f.newUser()])
    await Promise.all(
      users.flatMap((user) => Array.from({ length: 5 }, () => f.deposit(user, 3n, 'USD'))),
    )
    for (const user of users) {
      expect((await f.ledger.balances(f.db, user, 'USD')).available).toBe(15n)
    }
    const accounts = await f.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', 'in', users)
      .execute()
    expect(accounts).toHaveLength(3)
  })
})
