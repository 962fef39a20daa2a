import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { rewriteSqliteTable } from './widen-check'

// Written out rather than built: a shipped migration must not change when a helper does.
const BY_SIDE = 'constraint "dividends_action_user_side" unique ("action", "user_id", "side")'
const BY_ACCOUNT =
  'constraint "dividends_action_user_side_account" unique ("action", "user_id", "side", "account")'

/**
 * A dividend's rows by account (issue 36): a user holding a code both in NISA and in the taxable
 * account is paid twice, each net of its own account's withholding, so a row is one per action,
 * user, side and account (was: per action, user and side).
 */
export function dividendsByAccount(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') {
        await rewriteSqliteTable(db, 'dividends', BY_SIDE, BY_ACCOUNT)
        return
      }
      await sql`alter table dividends drop constraint dividends_action_user_side`.execute(db)
      await sql`alter table dividends add constraint dividends_action_user_side_account
        unique (action, user_id, side, account)`.execute(db)
    },
  }
}
