import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '@kabu/shared/money/currencies'
import { createFxSource } from './fx'

const at = (ms: number) => ({ now: () => ms })
const T0 = Date.UTC(2026, 2, 2, 1, 0)

describe('FX rate source', () => {
  it('quotes every ordered pair of the nine currencies once', () => {
    const all = createFxSource({ clock: at(T0), seed: 1, spread: '0.002' }).all()
    expect(all).toHaveLength(72)
    expect(new Set(all.map((q) => `${q.from}${q.to}`)).size).toBe(72)
    expect(all.every((q) => q.from !== q.to && q.spread === '0.002')).toBe(true)
  })

  it('stays near the real levels and is deterministic per seed and minute', () => {
    const a = createFxSource({ clock: at(T0), seed: 7, spread: '0' })
    const b = createFxSource({ clock: at(T0 + 59_000), seed: 7, spread: '0' })
    const usdJpy = new Decimal(a.quote('USD', 'JPY').rate)
    expect(usdJpy.toNumber()).toBeGreaterThan(152 * 0.98)
    expect(usdJpy.toNumber()).toBeLessThan(152 * 1.02)
    expect(b.quote('USD', 'JPY')).toEqual(a.quote('USD', 'JPY'))
    const other = createFxSource({ clock: at(T0), seed: 8, spread: '0' })
    expect(other.quote('USD', 'JPY').rate).not.toBe(a.quote('USD', 'JPY').rate)
  })

  it('answers at any instant the rate its quote gave then (rateAt): a past trade’s rate', () => {
    const later = createFxSource({ clock: at(T0 + 3 * 3_600_000), seed: 7, spread: '0' })
    for (const ms of [T0, T0 + 59_000, T0 + 61_000, T0 + 90 * 60_000]) {
      const then = createFxSource({ clock: at(ms), seed: 7, spread: '0' })
      expect(later.rateAt('USD', 'JPY', ms)).toBe(then.quote('USD', 'JPY').rate)
      expect(later.rateAt('CNY', 'JPY', ms)).toBe(then.quote('CNY', 'JPY').rate)
    }
    expect(later.rateAt('USD', 'JPY', T0)).not.toBe(later.rateAt('USD', 'JPY', T0 + 90 * 60_000))
  })

  it('drifts over time, and a round trip through the rates comes back to one', () => {
    const rates = (ms: number) => createFxSource({ clock: at(ms), seed: 1, spread: '0' })
    const now = rates(T0)
    const later = rates(T0 + 6 * 3_600_000)
    expect(later.quote('JPY', 'KRW').rate).not.toBe(now.quote('JPY', 'KRW').rate)
    for (const from of CURRENCIES) {
      for (const to of CURRENCIES) {
        if (from === to) continue
        const there = new Decimal(now.quote(from, to).rate)
        const back = new Decimal(now.quote(to, from).rate)
        expect(there.times(back).minus(1).abs().toNumber()).toBeLessThan(1e-6)
      }
    }
  })

  it('keeps a fixed reference rate for limits, and refuses a spread outside [0, 1)', () => {
    const fx = createFxSource({ clock: at(T0), seed: 1, spread: '0.001' })
    expect(fx.referenceRate('JPY', 'USD')).toBe(
      new Decimal(1).dividedBy(152).toSignificantDigits(8).toFixed(),
    )
    expect(() => createFxSource({ clock: at(T0), seed: 1, spread: '1' })).toThrow(RangeError)
    expect(() => createFxSource({ clock: at(T0), seed: 1, spread: '-0.1' })).toThrow(RangeError)
  })
})
