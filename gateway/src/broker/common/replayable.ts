import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../store/index'
import { idempotent, idempotentStatement, type IdempotencyKey, type KeyRow } from './idempotency'
import { Refusal } from './refusal'

/**
 * A money command whose rules are checked before its transaction (reads that must not hold the
 * writer, and the fund password, whose failures must survive a rollback). A retry of a command
 * that already went through must still get its first answer even though the rules now say no
 * (the balance it froze is gone, the throttle counts the retries as tries). So a refusal goes
 * through the idempotency record too: if the key has an answer, or another request holding it
 * commits one meanwhile, that answer is returned; if not, the refusal stands and nothing is kept.
 *
 * `oneStatement`, asked once the checks passed, may offer the command as a single PostgreSQL
 * statement instead of `run` (the hot path of market orders: see idempotentStatement).
 */
export async function checkedIdempotent<T>(
  db: Kysely<Database>,
  key: IdempotencyKey,
  checks: () => Promise<void>,
  run: (trx: Transaction<Database>) => Promise<T>,
  oneStatement?: () => ((keyRow: KeyRow) => Promise<T>) | undefined,
): Promise<T> {
  try {
    await checks()
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return idempotent<T>(db, key, () => Promise.reject(error))
  }
  const statement = oneStatement?.()
  return statement ? idempotentStatement(db, key, statement) : idempotent(db, key, run)
}
