import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerFixture, type LedgerFixture } from './ledger.fixture'

/**
 * The checker must see what a bug would leave behind. Ledger rows cannot be deleted, so this file
 * breaks its own database on purpose (writing rows past `post`) and never shares it.
 */

let f: LedgerFixture

beforeAll(async () => {
  f = await ledgerFixture()
})
afterAll(() => f.close())

describe(`ledger check (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('passes on an empty ledger and after honest postings', async () => {
    expect(await f.ledger.check(f.db)).toEqual({ ok: true, violations: [] })
    await f.deposit(await f.newUser(), 500n)
    expect(await f.ledger.check(f.db)).toEqual({ ok: true, violations: [] })
  })

  it('names a one-sided transaction, an empty one and the drift they cause', async () => {
    const user = await f.newUser()
    await f.deposit(user, 100n)
    const account = await f.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', '=', user)
      .executeTakeFirstOrThrow()
    const lonely = await f.db
      .insertInto('ledger_transactions')
      .values({ kind: 'bug', user_id: user, order_no: 'B1', created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await f.db
      .insertInto('ledger_entries')
      .values({ tx_id: lonely.id, account_id: account.id, amount: 5n, balance_after: 105n })
      .execute()
    const empty = await f.db
      .insertInto('ledger_transactions')
      .values({ kind: 'bug', user_id: user, order_no: 'B2', created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()

    const { ok, violations } = await f.ledger.check(f.db)
    expect(ok).toBe(false)
    expect(violations).toEqual(
      expect.arrayContaining([
        `transaction ${lonely.id} JPY entries sum to 5`,
        'all JPY entries sum to 5',
        `transaction ${empty.id} has no entries`,
        `account ${account.id} balance 100 but its entries sum to 105`,
        `account ${account.id} balance 100, last entry says 105`,
      ]),
    )
    expect(violations).toHaveLength(5)
  })

  it('cannot be fooled into a negative user balance: the store refuses one outright', async () => {
    const user = await f.newUser()
    await f.deposit(user, 1n)
    await expect(
      f.db
        .updateTable('ledger_accounts')
        .set({ balance: -1n })
        .where('user_id', '=', user)
        .execute(),
    ).rejects.toThrow(/constraint|check/i)
  })
})
