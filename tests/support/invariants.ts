import { expect } from 'vitest'
import { checkLedger } from '../../gateway/src/broker/ledger/check'

// The gateway's Kysely type, named through the checker so this workspace needs no kysely of its own.
type Db = Parameters<typeof checkLedger>[0]

/**
 * Fails the test unless the ledger's invariants hold (entries sum to zero per transaction and per
 * currency, balances equal their entries, no user balance negative). Every store test that moves
 * money calls it after itself; the violations list says what broke.
 *
 * @example afterEach(() => expectLedgerConsistent(t.app.db))
 */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const { ok, violations } = await checkLedger(db)
  expect(violations).toEqual([])
  expect(ok).toBe(true)
}
