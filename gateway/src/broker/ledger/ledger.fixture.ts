import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import { bareUser, freshDatabase } from '../../../../tests/support/db'
import { createClock } from '../../clock'
import type { Database } from '../../store/index'
import { createLedger, type Ledger } from './index'

export interface LedgerFixture {
  db: Kysely<Database>
  ledger: Ledger
  kind: 'sqlite' | 'postgres'
  /** A new user row; ledger rows can never be deleted, so tests isolate by using fresh users. */
  newUser(): Promise<bigint>
  /** A deposit from bank_clearing to the user's available book. */
  deposit(userId: bigint, amount: bigint, currency?: Currency): Promise<void>
  close(): Promise<void>
}

/**
 * Every book of a user in one currency, as `balances` answers them: the ones a test names, the
 * others at zero.
 */
export const userBooks = (named: { available?: bigint; frozen?: bigint; borrowed?: bigint }) => ({
  available: 0n,
  frozen: 0n,
  borrowed: 0n,
  product: 0n,
  intraday: 0n,
  credit: 0n,
  ...named,
})

/** A migrated database (SQLite, or PostgreSQL under TEST_DATABASE_URL) with a ledger on it. */
export async function ledgerFixture(): Promise<LedgerFixture> {
  const database = await freshDatabase({ migrated: true })
  const store = database.openStore()
  const ledger = createLedger({ clock: createClock() })
  const db = store.db
  return {
    db,
    ledger,
    kind: database.kind,
    newUser: () => bareUser(db, 'ledger'),
    async deposit(userId, amount, currency = 'JPY') {
      await db.transaction().execute((trx) =>
        ledger.post(trx, {
          kind: 'deposit',
          userId,
          orderNo: `D${userId}`,
          postings: [
            { account: { house: 'bank_clearing', currency }, amount: -amount },
            { account: { user: userId, book: 'available', currency }, amount },
          ],
        }),
      )
    },
    async close() {
      await store.close()
      await database.drop()
    },
  }
}
