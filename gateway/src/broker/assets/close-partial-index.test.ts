import { describe, expect, it } from 'vitest'
import { storeOfThisFile } from '../../../../tests/support/file-store'
import { depositKinds } from '../../store/migrations/0048-order-partial-indexes'
import { planOf } from '../../store/partial-index.fixture'
import { DEPOSIT_KINDS } from './assets.sql'
import { writeClose } from './close.sql'

const store = storeOfThisFile()

describe(`the close's net deposits (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  // Migration 0048: ledger_transactions_kind holds the deposit kinds alone; the close job finds
  // them through it by carrying the index's predicate literally.
  // On PostgreSQL an empty ledger makes the planner start from the accounts whatever the index,
  // so there the statement itself is not a witness; the probe below is, on both stores.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'find the deposit transactions through ledger_transactions_kind',
    async () => {
      const plan = await planOf(
        store,
        (db) =>
          writeClose(db, { currency: 'JPY', date: '2026-12-04', at: 1_767_000_000_000 }, [], []),
        'ledger_transactions',
      )
      expect(plan).toMatch(/\bledger_transactions_kind\b/)
    },
  )

  it('let a read of the deposit kinds use ledger_transactions_kind', async () => {
    const plan = await planOf(
      store,
      (db) =>
        db
          .selectFrom('ledger_transactions as t')
          .select('t.id')
          .where(depositKinds('t.kind'))
          .execute(),
      'ledger_transactions',
    )
    expect(plan).toMatch(/\bledger_transactions_kind\b/)
  })

  it('name the same kinds as DEPOSIT_KINDS', () => {
    const { sql } = depositKinds('kind').compile(store.db)
    const kinds = [...sql.matchAll(/'([a-z_]+)'/g)].map((m) => m[1])
    expect(kinds.sort()).toEqual([...DEPOSIT_KINDS].sort())
  })
})
