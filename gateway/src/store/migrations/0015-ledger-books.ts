import type { Kysely, Migration } from 'kysely'
import type { StoreKind } from '../database'
import { widenCheck } from './widen-check'

// Written out rather than imported: a shipped migration must not change when the list grows.
const OLD_BOOKS = `(user_id is not null and book in ('available','frozen','borrowed'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans'))`
/**
 * The books of the last product lines: a user's `product` (money in followed products, with their
 * accrued profit), `intraday` (the day-trading sub-account) and `credit` (what a credit buy owes);
 * the house's `credit` (the margin lending book, the other side of every user's `credit`).
 */
const NEW_BOOKS = `(user_id is not null and book in ('available','frozen','borrowed','product','intraday','credit'))
              or (user_id is null and book in ('bank_clearing','fees','fx','loans','credit'))`

/** New user and house books for products, day trading and stock credit. */
export function ledgerBooks(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await widenCheck(db, kind, {
        table: 'ledger_accounts',
        constraint: 'ledger_accounts_book_known',
        from: OLD_BOOKS,
        to: NEW_BOOKS,
      })
    },
  }
}
