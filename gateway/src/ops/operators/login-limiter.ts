import type { Kysely } from 'kysely'
import { createLoginThrottle, Refusal } from '../../broker/index'
import type { Database } from '../../store/index'

const WINDOW_MS = 15 * 60_000
const PER_ADDRESS = 30

/**
 * Holds back password guessing at operator logins by the customers' rule (the login throttle of
 * broker/auth): an address that guessed wrong 5 times at one operator is refused there
 * (`too_frequent`, 429) until its oldest guess leaves the window, and the operator is never
 * locked, only slowed once many addresses guess, so the operator from an address of their own
 * still logs in. A lock per login let anyone lock a named operator (`admin`) out of the back
 * office (issue 34's audit). The failures are kept in the store beside the customers', under
 * `operator:<login>` (a customer's account is letters and digits only), so every gateway counts
 * alike. Besides, 30 failures of one address across logins refuse it anywhere (in memory, per
 * gateway), as the broker API's router limits a customer's address.
 */
// Real time, not the injected clock: moving the demo's clock must not lift a throttle.
export function loginLimiter(
  db: Kysely<Database>,
  now: () => number = Date.now,
  sleep?: (ms: number) => Promise<void>,
) {
  const throttle = createLoginThrottle(db, { now }, sleep)
  const keyOf = (login: string) => `operator:${login.toLowerCase()}`
  const byAddress = new Map<string, number[]>()
  const recent = (ip: string) => {
    const since = now() - WINDOW_MS
    const kept = (byAddress.get(ip) ?? []).filter((at) => at > since)
    if (kept.length === 0) byAddress.delete(ip)
    else byAddress.set(ip, kept)
    return kept
  }
  return {
    /** Before the password is checked: refuses a guessing address, waits if the login is under attack. */
    async check(login: string, ip: string): Promise<void> {
      if (recent(ip).length >= PER_ADDRESS) throw new Refusal('too_frequent', 429)
      await throttle.before(keyOf(login), ip).catch((error: unknown) => {
        if (error instanceof Refusal) throw new Refusal(error.key, 429)
        throw error
      })
    },
    async failed(login: string, ip: string): Promise<void> {
      byAddress.set(ip, [...recent(ip), now()])
      await throttle.failed(keyOf(login), ip)
    },
    /** A right password clears that address's count at the login. */
    async succeeded(login: string, ip: string): Promise<void> {
      await throttle.succeeded(keyOf(login), ip)
    },
  }
}

export type LoginLimiter = ReturnType<typeof loginLimiter>
