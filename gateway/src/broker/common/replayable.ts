import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../store/index'
import {
  idempotent,
  idempotentStatement,
  ReadMoved,
  type IdempotencyKey,
  type KeyRow,
} from './idempotency'
import { Refusal } from './refusal'

/** Same-key commands in flight, per database (tests build several apps in one process). */
const inFlight = new WeakMap<Kysely<Database>, Map<string, Promise<unknown>>>()

/**
 * Runs commands with one idempotency key one after another on this gateway. Retries that race the
 * first try must get its answer; run side by side, each one's checks counted as a fund-password
 * try, so the throttle turned them away with too_frequent (issue 17's audit: 50 concurrent retries
 * of one withdrawal, 5 submit_ok and 45 too_frequent). Queued, each finds the answer the one before
 * it stored. Different keys never wait for each other.
 */
async function oneKeyAtATime<T>(db: Kysely<Database>, key: IdempotencyKey, run: () => Promise<T>) {
  const queues = inFlight.get(db) ?? new Map<string, Promise<unknown>>()
  inFlight.set(db, queues)
  const name = `${key.userId}/${key.scope}/${key.idem}`
  const mine = (queues.get(name) ?? Promise.resolve()).then(run, run)
  const settled = mine.then(
    () => {},
    () => {},
  )
  queues.set(name, settled)
  try {
    return await mine
  } finally {
    if (queues.get(name) === settled) queues.delete(name)
  }
}

/**
 * A money command whose rules are checked before its transaction (reads that must not hold the
 * writer, and the fund password, whose failures must survive a rollback). A retry of a command
 * that already went through must still get its first answer even though the rules now say no
 * (the balance it froze is gone, the throttle counts the retries as tries). So a refusal goes
 * through the idempotency record too: if the key has an answer, or another request holding it
 * commits one meanwhile, that answer is returned; if not, the refusal stands and nothing is kept.
 *
 * `oneStatement`, asked once the checks passed, may offer the command as a single PostgreSQL
 * statement instead of `run` (the hot path of market orders: see idempotentStatement); one that
 * finds its read moved (ReadMoved) wrote nothing, and `run` takes over. Requests
 * with the same key queue on this gateway (oneKeyAtATime), so the same key and body always get the
 * first answer.
 */
export function checkedIdempotent<T>(
  db: Kysely<Database>,
  key: IdempotencyKey,
  checks: () => Promise<void>,
  run: (trx: Transaction<Database>) => Promise<T>,
  oneStatement?: () =>
    | ((keyRow: KeyRow) => Promise<T>)
    | undefined
    | Promise<((keyRow: KeyRow) => Promise<T>) | undefined>,
): Promise<T> {
  return oneKeyAtATime(db, key, async () => {
    try {
      await checks()
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      return idempotent<T>(db, key, () => Promise.reject(error))
    }
    const statement = await oneStatement?.()
    if (!statement) return idempotent(db, key, run)
    try {
      return await idempotentStatement(db, key, statement)
    } catch (error) {
      if (!(error instanceof ReadMoved)) throw error
      return idempotent(db, key, run)
    }
  })
}
