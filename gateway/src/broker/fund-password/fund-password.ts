import argon2 from 'argon2'
import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'

/** Five wrong fund passwords within 15 minutes lock the fund password until the oldest expires. */
export const FUND_PASSWORD_WINDOW_MS = 15 * 60_000
export const FUND_PASSWORD_MAX_FAILURES = 5

const systemClock: Clock = { now: () => Date.now() }

/**
 * Checks a user's fund password before a money command or a card change. Call it before opening
 * the command's transaction: a wrong password is recorded for the throttle, and a rollback of the
 * caller's transaction would otherwise erase that record.
 *
 * @param clock pass the app's clock so time travel moves the throttle window too
 * @throws Refusal fund_password_not_set | wrong_fund_password | too_frequent
 */
export async function verifyFundPassword(
  db: Kysely<Database>,
  userId: bigint,
  plain: string | undefined,
  clock: Clock = systemClock,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('fund_password_hash')
    .where('id', '=', userId)
    .executeTakeFirst()
  const hash = user?.fund_password_hash
  if (!hash) throw new Refusal('fund_password_not_set')
  if (plain === undefined || plain === '') throw new Refusal('wrong_fund_password')

  if (!(await throttledCheck(db, userId, clock, () => matches(hash, plain)))) {
    throw new Refusal('wrong_fund_password')
  }
}

/**
 * Runs a password check under the fund-password throttle: the same five tries per 15 minutes
 * cover the fund password and the login password that sets it the first time, so a stolen session
 * cannot guess either faster. Each try is written down first and counted after, so concurrent
 * guesses cannot all slip in under the limit; a refused try (too_frequent) is not a guess and is
 * not kept, and a right answer clears the count.
 *
 * @throws Refusal too_frequent
 */
export async function throttledCheck(
  db: Kysely<Database>,
  userId: bigint,
  clock: Clock,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const now = clock.now()
  const attempt = await db
    .insertInto('fund_password_failures')
    .values({ user_id: userId, at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  // No upper bound at `now`: a concurrent try that read the clock a moment later has a later
  // `at`, and leaving it out let a sixth guess through (found by the concurrent-guesses test).
  const recent = await db
    .selectFrom('fund_password_failures')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('at', '>', BigInt(now - FUND_PASSWORD_WINDOW_MS))
    .executeTakeFirstOrThrow()
  if (Number(recent.n) > FUND_PASSWORD_MAX_FAILURES) {
    await db.deleteFrom('fund_password_failures').where('id', '=', attempt.id).execute()
    throw new Refusal('too_frequent')
  }
  if (!(await check())) return false
  await db.deleteFrom('fund_password_failures').where('user_id', '=', userId).execute()
  return true
}

async function matches(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain)
  } catch {
    return false
  }
}
