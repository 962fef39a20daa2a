import type { Kysely } from 'kysely'
import { createLoginThrottle, Refusal, type LoginTry } from '../../broker/index'
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
  // Each address's tries in the window, a try counted from its start (as the throttle counts).
  const byAddress = new Map<string, Array<{ at: number }>>()
  const recent = (ip: string) => {
    const since = now() - WINDOW_MS
    const kept = (byAddress.get(ip) ?? []).filter((t) => t.at > since)
    byAddress.set(ip, kept)
    return kept
  }
  const forget = (ip: string, mine: { at: number }) => {
    const kept = recent(ip).filter((t) => t !== mine)
    if (kept.length === 0) byAddress.delete(ip)
    else byAddress.set(ip, kept)
  }
  return {
    /**
     * Before the password is checked: refuses a guessing address, waits if the login is under
     * attack. The try counts as a failure unless it is told it succeeded or is discarded.
     */
    async begin(login: string, ip: string): Promise<LoginTry> {
      const mine = { at: now() }
      const earlier = recent(ip)
      if (earlier.length >= PER_ADDRESS) throw new Refusal('too_frequent', 429)
      byAddress.set(ip, [...earlier, mine])
      const counted = await throttle.begin(keyOf(login), ip).catch((error: unknown) => {
        forget(ip, mine)
        if (error instanceof Refusal) throw new Refusal(error.key, 429)
        throw error
      })
      return {
        async succeeded() {
          forget(ip, mine)
          await counted.succeeded()
        },
        async discard() {
          forget(ip, mine)
          await counted.discard()
        },
      }
    },
  }
}

export type LoginLimiter = ReturnType<typeof loginLimiter>
