import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  growthRoom,
  newNisaRoom,
  NISA_LIMITS,
  nisaAsOf,
  nisaBuy,
  nisaSell,
  nisaEligible,
  withReserved,
  type NisaRoom,
} from './nisa'

const yen = (n: number) => BigInt(n) * 10_000n

describe('NISA rooms', () => {
  it('refuses past the annual growth room, and gives a sale back for life only from next year', () => {
    const full = nisaBuy(newNisaRoom(2026), 2026, yen(2_400_000))
    if (full === 'nisa_limit') throw new Error('the annual room takes ¥2.4M')
    expect(nisaBuy(full, 2026, yen(1))).toBe('nisa_limit')
    const sold = nisaSell(full, 2026, yen(1_000_000))
    // The same year: the annual room is not given back.
    expect(growthRoom(sold)).toBe(0n)
    const next = nisaAsOf(sold, 2027)
    expect(next.lifetimeUsed).toBe(yen(1_400_000))
    expect(growthRoom(next)).toBe(yen(2_400_000))
  })

  it('stops at the ¥12M growth lifetime room over the years', () => {
    let room: NisaRoom = newNisaRoom(2026)
    for (let year = 2026; year < 2031; year++) {
      const bought = nisaBuy(room, year, yen(2_400_000))
      if (bought === 'nisa_limit') throw new Error(`year ${year} has room`)
      room = bought
    }
    expect(room.growthLifetimeUsed).toBe(NISA_LIMITS.growthLifetime)
    expect(nisaBuy(room, 2031, yen(1))).toBe('nisa_limit')
  })

  it('over any buys and sells, never exceeds a room, and returns only from next year', () => {
    const move = fc.record({
      year: fc.integer({ min: 0, max: 2 }),
      sell: fc.boolean(),
      amount: fc.bigInt({ min: 1n, max: yen(3_000_000) }),
    })
    fc.assert(
      fc.property(fc.array(move, { maxLength: 50 }), (moves) => {
        let room: NisaRoom = newNisaRoom(2026)
        let year = 2026
        for (const m of moves) {
          year += m.year
          const before = nisaAsOf(room, year)
          if (m.sell) {
            const held = before.growthLifetimeUsed - before.growthReturnsNextYear
            if (held === 0n) continue
            const cost = m.amount > held ? held : m.amount
            room = nisaSell(room, year, cost)
            expect(room.lifetimeUsed).toBe(before.lifetimeUsed)
            expect(growthRoom(room)).toBe(growthRoom(before))
          } else {
            const after = nisaBuy(room, year, m.amount)
            expect(after === 'nisa_limit').toBe(m.amount > growthRoom(before))
            if (after !== 'nisa_limit') room = after
          }
          expect(room.growthUsed).toBeLessThanOrEqual(NISA_LIMITS.growthYear)
          expect(room.lifetimeUsed).toBeLessThanOrEqual(NISA_LIMITS.lifetime)
          expect(room.growthLifetimeUsed).toBeLessThanOrEqual(NISA_LIMITS.growthLifetime)
        }
      }),
    )
  })
})

describe('reserved room', () => {
  it('counts what working orders reserve as used in every growth room', () => {
    const room = nisaBuy(newNisaRoom(2026), 2026, yen(1_000_000))
    if (room === 'nisa_limit') throw new Error('fits')
    const seen = withReserved(room, yen(1_000_000))
    expect(growthRoom(seen)).toBe(yen(400_000))
    expect(nisaBuy(seen, 2026, yen(400_001))).toBe('nisa_limit')
    expect(() => withReserved(room, -1n)).toThrow(RangeError)
  })
})

describe('NISA eligibility', () => {
  it('takes cash buys of Tokyo stocks only', () => {
    expect(nisaEligible({ market: 'jp', kind: 'stock', leverage: 1 })).toBe(true)
    expect(nisaEligible({ market: 'jp', kind: 'stock', leverage: 2 })).toBe(false)
    expect(nisaEligible({ market: 'us', kind: 'stock', leverage: 1 })).toBe(false)
    expect(nisaEligible({ market: 'jp', kind: 'index', leverage: 1 })).toBe(false)
  })
})
