/**
 * The one source of "now" in the gateway. Every rule that depends on time asks the clock, so tests and
 * the demo's time travel (`POST /api/ops/clock`, TIME_TRAVEL=1) can move it.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number
}

/** A clock that follows the system time, shifted by an offset that time travel can change. */
export interface AdjustableClock extends Clock {
  /** Moves "now" to `at` (epoch ms); time keeps flowing from there. */
  set(at: number): void
  offset(): number
}

export function createClock(systemNow: () => number = Date.now): AdjustableClock {
  let offset = 0
  return {
    now: () => systemNow() + offset,
    set: (at) => {
      offset = at - systemNow()
    },
    offset: () => offset,
  }
}
