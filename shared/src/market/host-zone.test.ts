import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// The holiday libraries read dates with the host's local getters; servers run in UTC, phones and
// laptops do not. The modules are imported only after the zone is set, so no cache from another
// zone hides a shifted day.
beforeAll(() => {
  vi.stubEnv('TZ', 'America/Los_Angeles')
})

afterAll(() => {
  vi.unstubAllEnvs()
})

describe('in a host zone west of UTC', () => {
  it('is really running in that zone', () => {
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(480)
  })

  it('reads every calendar on the right day', async () => {
    const { isTradingDay } = await import('./calendar')
    const { sessionsOf } = await import('./sessions')
    expect(isTradingDay('cn', '2026-10-07')).toBe(false)
    expect(isTradingDay('cn', '2026-10-08')).toBe(true)
    expect(isTradingDay('cn', '2026-09-30')).toBe(true)
    expect(isTradingDay('jp', '2026-11-23')).toBe(false)
    expect(isTradingDay('jp', '2026-11-24')).toBe(true)
    expect(isTradingDay('us', '2026-11-26')).toBe(false)
    expect(sessionsOf('us', '2026-11-27')[0]?.close).toBe(Date.UTC(2026, 10, 27, 18))
  })
})
