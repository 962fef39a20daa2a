import { createHash } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { type Database, isUniqueViolation } from '../../store/index'
import { prepared } from '../../store/prepared'
import { Refusal } from './refusal'
import { fromJson, isRetryableConflict, toJson } from './json'

export interface IdempotencyKey {
  userId: bigint
  /** The command, e.g. 'withdraw': one idem may be reused across different commands. */
  scope: string
  /** The client's key (API.md `idem`). */
  idem: string
  /** What the command was asked to do; a retry must ask for the same. */
  body: unknown
}

const IDEM_RULE = /^[\w-]{1,64}$/

function hashOf(body: unknown): string {
  return createHash('sha256')
    .update(toJson(body, { sortKeys: true }))
    .digest('hex')
}

interface KeyOf {
  userId: bigint
  scope: string
  idem: string
}

// Run for every money command: built once (store/prepared.ts).
const claimKey = prepared((db, p: KeyOf & { bodyHash: string; createdAt: number }) =>
  db
    .insertInto('idempotency_keys')
    .values({
      user_id: p.userId,
      scope: p.scope,
      idem: p.idem,
      body_hash: p.bodyHash,
      result: null,
      created_at: p.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('idem'),
)

const storeResult = prepared((db, p: KeyOf & { result: string }) =>
  db
    .updateTable('idempotency_keys')
    .set({ result: p.result })
    .where('user_id', '=', p.userId)
    .where('scope', '=', p.scope)
    .where('idem', '=', p.idem),
)

async function once<T>(
  db: Kysely<Database>,
  key: IdempotencyKey,
  bodyHash: string,
  run: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const where = { user_id: key.userId, scope: key.scope, idem: key.idem }
    // The key row goes in first: on PostgreSQL a concurrent request with the same key blocks on
    // this insert until the first commits (then finds its answer) or rolls back (then runs itself).
    // created_at is bookkeeping for cleanup, read by no rule, so the wall clock is fine here.
    const claim = { userId: key.userId, scope: key.scope, idem: key.idem }
    const { rows } = await claimKey(trx, { ...claim, bodyHash, createdAt: Date.now() })
    if (rows.length === 0) {
      const first = await trx
        .selectFrom('idempotency_keys')
        .select(['body_hash', 'result'])
        .where('user_id', '=', where.user_id)
        .where('scope', '=', where.scope)
        .where('idem', '=', where.idem)
        .executeTakeFirstOrThrow()
      if (first.body_hash !== bodyHash) throw new Refusal('idempotency_conflict')
      if (first.result === null) throw new Error('idempotency key committed without its result')
      return fromJson(first.result) as T
    }
    const result = await run(trx)
    await storeResult(trx, { ...claim, result: toJson(result) })
    return result
  })
}

/**
 * Runs `run` in ONE SQL transaction with the idempotency record: the same (userId, scope, idem)
 * and the same body → the first result, without running again; another body →
 * Refusal('idempotency_conflict'); concurrent requests with the same key → exactly one executes.
 * A refusal (or any error) rolls the key back with the command, so a retry runs afresh.
 *
 * @example
 * const { id } = await idempotent(db, { userId, scope: 'withdraw', idem, body: form }, (trx) =>
 *   withdrawals.request(trx, userId, form))
 */
export async function idempotent<T>(
  db: Kysely<Database>,
  key: IdempotencyKey,
  run: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!IDEM_RULE.test(key.idem)) throw new Refusal('invalid_input')
  const bodyHash = hashOf(key.body)
  try {
    return await once(db, key, bodyHash, run)
  } catch (error) {
    // A lost race that PostgreSQL reports as an error instead of waiting: the winner has
    // committed by now, so one more try reads its answer.
    if (!isUniqueViolation(error) && !isRetryableConflict(error)) throw error
    return once(db, key, bodyHash, run)
  }
}

/**
 * A one-statement command found that what it was computed from had moved before it ran (another
 * request changed it): it wrote nothing, and the command runs again as a transaction.
 */
export class ReadMoved extends Error {
  constructor() {
    super('the read a one-statement command was computed from has moved')
  }
}

/** The key row a one-statement command writes; the command adds the answer it stores. */
export interface KeyRow {
  userId: bigint
  scope: string
  idem: string
  bodyHash: string
  createdAt: number
}

/** PostgreSQL's name for the key's primary key (migration 0002). */
const KEY_CONSTRAINT = 'idempotency_keys_pk'

const isTakenKey = (error: unknown) =>
  isUniqueViolation(error) && (error as { constraint?: unknown }).constraint === KEY_CONSTRAINT

/**
 * `idempotent` for a command that is ONE PostgreSQL statement writing its own key row as its last
 * step (ledger.post with a command): no BEGIN, claim, update and COMMIT round trips around it. The
 * key's primary key does the claim's work. A retry of a command that committed, or a concurrent
 * twin (which first waits on the rows the first one holds), fails on the key, and the statement
 * with it, so it undoes its own steps; the first answer is then read as `idempotent` reads it. A
 * refusal of the command (an overdraft, a holding gone) also answers with an earlier run's result
 * when there is one, as checkedIdempotent does for its checks.
 */
export async function idempotentStatement<T>(
  db: Kysely<Database>,
  key: IdempotencyKey,
  statement: (keyRow: KeyRow) => Promise<T>,
): Promise<T> {
  if (!IDEM_RULE.test(key.idem)) throw new Refusal('invalid_input')
  const bodyHash = hashOf(key.body)
  const { userId, scope, idem } = key
  try {
    // created_at is bookkeeping for cleanup, as in `once`.
    return await statement({ userId, scope, idem, bodyHash, createdAt: Date.now() })
  } catch (error) {
    if (!(error instanceof Refusal) && !isTakenKey(error)) throw error
    const cause = error instanceof Refusal ? error : new Error('idempotency key vanished')
    return idempotent<T>(db, key, () => Promise.reject(cause))
  }
}
