import { Refusal } from '../../broker/index'

const WINDOW_MS = 15 * 60_000
const PER_LOGIN = 10
const PER_ADDRESS = 30

/**
 * Holds back password guessing at operator logins: 10 failures per login or 30 per address in 15
 * minutes answer `too_frequent` until the window passes. In memory, per gateway: operators are few
 * and a guessed operator password is worth more than a customer's, so a lock here is acceptable
 * (an admin can still log in from elsewhere, and OPS_TOKEN still works for scripts).
 */
// Real time, not the injected clock: moving the demo's clock must not lift a throttle.
export function loginLimiter(now: () => number = Date.now) {
  const failures = new Map<string, number[]>()
  const recent = (key: string) => {
    const since = now() - WINDOW_MS
    const kept = (failures.get(key) ?? []).filter((at) => at > since)
    if (kept.length === 0) failures.delete(key)
    else failures.set(key, kept)
    return kept
  }
  const keys = (login: string, ip: string) => [`login:${login.toLowerCase()}`, `ip:${ip}`]
  return {
    check(login: string, ip: string) {
      const [byLogin, byIp] = keys(login, ip) as [string, string]
      if (recent(byLogin).length >= PER_LOGIN || recent(byIp).length >= PER_ADDRESS) {
        throw new Refusal('too_frequent', 429)
      }
    },
    failed(login: string, ip: string) {
      for (const key of keys(login, ip)) failures.set(key, [...recent(key), now()])
    },
    succeeded(login: string, _ip: string) {
      failures.delete(`login:${login.toLowerCase()}`)
    },
  }
}

export type LoginLimiter = ReturnType<typeof loginLimiter>
