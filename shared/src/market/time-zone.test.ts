import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { localDate, localTimeOfDay, TIME_ZONE } from './time-zone'
import type { Market } from './types'

// One formatter per zone: making one is most of a reading's cost (12,000 readings a run).
const formats = new Map<Market, Intl.DateTimeFormat>()
const formatOf = (market: Market) => {
  let format = formats.get(market)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE[market],
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(market, format)
  }
  return format
}

/** The zone's wall clock read afresh through Intl, as time-zone.ts reads it once a minute. */
function intlClock(market: Market, at: number) {
  const parts: Record<string, string> = {}
  for (const p of formatOf(market).formatToParts(at)) parts[p.type] = p.value
  const ms = ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000
  return { date: `${parts.year}-${parts.month}-${parts.day}`, msOfDay: ms + (at % 1000) }
}

const markets = fc.constantFrom<Market>('jp', 'us', 'cn')
// New York's 2026 switches (8 Mar 07:00 UTC, 1 Nov 06:00 UTC) and Tokyo's midnight, ± 2 hours.
const near = (centre: number) => fc.integer({ min: centre - 7_200_000, max: centre + 7_200_000 })
const instants = fc.oneof(
  near(Date.UTC(2026, 2, 8, 7)),
  near(Date.UTC(2026, 10, 1, 6)),
  near(Date.UTC(2026, 11, 2, 15)),
  fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
)

describe('the exchange wall clock', () => {
  it('reads as Intl does at every instant, in any order of asking, across DST and midnight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(markets, instants), { minLength: 1, maxLength: 40 }),
        (asks) => {
          for (const [market, at] of asks) {
            const want = intlClock(market, at)
            expect(localDate(market, at)).toBe(want.date)
            expect(localTimeOfDay(market, at)).toBe(want.msOfDay)
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('moves one second later within a minute, and past New York’s spring switch an hour on', () => {
    const before = Date.UTC(2026, 2, 8, 6, 59, 58)
    expect(localTimeOfDay('us', before + 1000) - localTimeOfDay('us', before)).toBe(1000)
    // 01:59:59 EST, then 03:00:00 EDT.
    expect(localTimeOfDay('us', Date.UTC(2026, 2, 8, 6, 59, 59))).toBe(
      (1 * 3600 + 59 * 60 + 59) * 1000,
    )
    expect(localTimeOfDay('us', Date.UTC(2026, 2, 8, 7))).toBe(3 * 3600 * 1000)
  })
})
