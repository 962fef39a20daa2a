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

/**
 * The login throttle, OWASP's way (issue 17's audit: one per-IP limit shared by every account
 * refused the victim's right password after an attacker's guesses, and locked out a whole NAT):
 * failures are counted per account and per (account, address) in the store. An address that
 * guessed wrong PAIR_MAX_FAILURES times at an account is refused there until its oldest guess
 * leaves the window; the account itself is never locked, only slowed once many addresses guess at
 * it, so its owner, from an address of their own, still gets in. A right password clears that
 * address's count. The looser per-address limit of every login stays in the router.
 */
export function createLoginThrottle(db: Kysely<Database>, clock: Clock, sleep = defaultSleep) {
  const since = () => BigInt(clock.now() - LOGIN_WINDOW_MS)
  return {
    /** Before the password is checked: refuses a guessing address, waits if the account is under attack. */
    async before(account: string, ip: string): Promise<void> {
      const rows = await db
        .selectFrom('login_failures')
        .select('ip')
        .where('account_key', '=', account.toLowerCase())
        .where('at', '>', since())
        .execute()
      if (rows.filter((r) => r.ip === ip).length >= PAIR_MAX_FAILURES) {
        throw new Refusal('too_frequent')
      }
      const wait = slowdownMs(rows.length)
      if (wait > 0) await sleep(wait)
    },

    async failed(account: string, ip: string): Promise<void> {
      await db
        .insertInto('login_failures')
        .values({ account_key: account.toLowerCase(), ip, at: clock.now() })
        .execute()
    },

    async succeeded(account: string, ip: string): Promise<void> {
      await db
        .deleteFrom('login_failures')
        .where('account_key', '=', account.toLowerCase())
        .where('ip', '=', ip)
        .execute()
    },
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export type LoginThrottle = ReturnType<typeof createLoginThrottle>
