import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { Refusal } from '../common/refusal'

/** The window failed logins are counted in. */
export const LOGIN_WINDOW_MS = 15 * 60_000
/** Wrong passwords one address may try at one account per window; past them, too_frequent. */
export const PAIR_MAX_FAILURES = 5
/** Wrong passwords at one account, from anywhere, before every further try is slowed down. */
export const ACCOUNT_SLOW_FROM = 10
/** The longest a try waits, however many guesses the account has taken. */
export const MAX_DELAY_MS = 5_000

/**
 * How long a login at an account that has taken `failures` wrong passwords this window waits
 * before its password is checked: nothing below ACCOUNT_SLOW_FROM, then 250 ms doubling with each
 * further failure, up to MAX_DELAY_MS.
 *
 * @example slowdownMs(9) // 0
 * @example slowdownMs(12) // 1000
 */
export function slowdownMs(failures: number): number {
  if (failures < ACCOUNT_SLOW_FROM) return 0
  return Math.min(MAX_DELAY_MS, 250 * 2 ** (failures - ACCOUNT_SLOW_FROM))
}

/** One login try, counted as a failure from the moment it began until it is told otherwise. */
export interface LoginTry {
  /** The password was right: that address's count at the account clears. */
  succeeded(): Promise<void>
  /** Neither right nor wrong (a right password still waiting for its second factor): not counted. */
  discard(): Promise<void>
}

/**
 * The login throttle, OWASP's way (issue 17's audit: one per-IP limit shared by every account
 * refused the victim's right password after an attacker's guesses, and locked out a whole NAT):
 * failures are counted per account and per (account, address) in the store. An address that
 * guessed wrong PAIR_MAX_FAILURES times at an account is refused there until its oldest guess
 * leaves the window; the account itself is never locked, only slowed once many addresses guess at
 * it, so its owner, from an address of their own, still gets in. A right password clears that
 * address's count. The looser per-address limit of every login stays in the router.
 *
 * Each try is written down before it is counted and its password checked, and a wrong password
 * leaves it so: counted only after the check, guesses sent at once all found the count below the
 * limit and were all checked (issue 34). A try refused here is not a guess and is not kept.
 */
export function createLoginThrottle(db: Kysely<Database>, clock: Clock, sleep = defaultSleep) {
  const since = () => BigInt(clock.now() - LOGIN_WINDOW_MS)
  return {
    /** Before the password is checked: refuses a guessing address, waits if the account is under attack. */
    async begin(account: string, ip: string): Promise<LoginTry> {
      const key = account.toLowerCase()
      const mine = await db
        .insertInto('login_failures')
        .values({ account_key: key, ip, at: clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
      const discard = async () => {
        await db.deleteFrom('login_failures').where('id', '=', mine.id).execute()
      }
      // No upper bound at now: a concurrent try that read the clock a moment later counts too.
      const others = (
        await db
          .selectFrom('login_failures')
          .select(['id', 'ip'])
          .where('account_key', '=', key)
          .where('at', '>', since())
          .execute()
      ).filter((r) => r.id !== mine.id)
      if (others.filter((r) => r.ip === ip).length >= PAIR_MAX_FAILURES) {
        await discard()
        throw new Refusal('too_frequent')
      }
      const wait = slowdownMs(others.length)
      if (wait > 0) await sleep(wait)
      return {
        async succeeded() {
          await db
            .deleteFrom('login_failures')
            .where('account_key', '=', key)
            .where('ip', '=', ip)
            .execute()
        },
        discard,
      }
    },

    /**
     * Forgets the tries that left the window: nothing reads them again, and an attacker spraying
     * made-up account names would otherwise grow the table without end. Run by the leader.
     */
    async prune(): Promise<number> {
      const done = await db.deleteFrom('login_failures').where('at', '<=', since()).execute()
      return Number(done[0]?.numDeletedRows ?? 0n)
    },
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export type LoginThrottle = ReturnType<typeof createLoginThrottle>
