import fc from 'fast-check'
import { ALERT_KINDS, type AlertKind } from '@kabu/shared/api/alerts'
import type { Quote } from '@kabu/shared/market/types'
import { describe, expect, it } from 'vitest'
import { AlertIndex, measureOf, type Watched } from './alert-index'

const quote = (price: number, prevClose: number, volume: number, code = '7203'): Quote =>
  ({ code, price, prevClose, volume }) as Quote

/** The condition as the product states it, by brute force on decimals. */
function holds(kind: AlertKind, value: bigint, q: Quote): boolean {
  const v = Number(value)
  switch (kind) {
    case 'price_above':
      return q.price * 10_000 >= v
    case 'price_below':
      return q.price * 10_000 <= v
    case 'change_pct_up':
      return (q.price - q.prevClose) * 100 * 10_000 >= v * q.prevClose
    case 'change_pct_down':
      return (q.prevClose - q.price) * 100 * 10_000 >= v * q.prevClose
    case 'volume_above':
      return q.volume >= v
  }
}

/** Two codes, so a quote of one must leave the other's alerts alone. */
const CODES = ['7203', '6758']

const alertArb = fc.record({
  code: fc.constantFrom(...CODES),
  kind: fc.constantFrom(...ALERT_KINDS),
  // Whole yen too (and small numbers, as volumes), so a print lands on a threshold exactly.
  value: fc.oneof(
    fc.bigInt({ min: 1n, max: 60_000_000n }),
    fc.integer({ min: 2400, max: 2600 }).map((yen) => BigInt(yen) * 10_000n),
    fc.bigInt({ min: 1n, max: 6000n }),
  ),
  repeat: fc.boolean(),
})

describe('AlertIndex', () => {
  it('fires exactly the armed alerts a quote satisfies, and re-arms the waiting ones it does not', () => {
    fc.assert(
      fc.property(
        fc.array(alertArb, { maxLength: 40 }),
        fc.array(
          fc.tuple(
            fc.oneof(fc.integer({ min: 1, max: 6000 }), fc.integer({ min: 2400, max: 2600 })),
            fc.integer({ min: 0, max: 6000 }),
            fc.constantFrom(...CODES),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        (specs, prints) => {
          const index = new AlertIndex()
          const state = new Map<string, Watched>()
          specs.forEach((s, i) => {
            const a: Watched = { id: String(i), userId: 1n, armed: true, ...s }
            state.set(a.id, a)
            index.put(a)
          })
          for (const [price, volume, code] of prints) {
            const q = quote(price, 2500, volume, code)
            const { fired, rearmed } = index.check(q)
            const ofCode = [...state.values()].filter((a) => a.code === code)
            const expectFired = ofCode.filter((a) => a.armed && holds(a.kind, a.value, q))
            const expectRearmed = ofCode.filter((a) => !a.armed && !holds(a.kind, a.value, q))
            expect(fired.map((a) => a.id).sort()).toEqual(expectFired.map((a) => a.id).sort())
            expect(rearmed.map((a) => a.id).sort()).toEqual(expectRearmed.map((a) => a.id).sort())
            for (const a of fired) {
              if (a.repeat) state.set(a.id, { ...a, armed: false })
              else state.delete(a.id)
            }
            for (const a of rearmed) state.set(a.id, { ...a, armed: true })
            for (const a of [...fired, ...rearmed]) if (state.has(a.id)) index.put(state.get(a.id)!)
          }
          expect(index.size).toBe(state.size)
        },
      ),
    )
  })

  it('takes out what it is told, and loads many in one sort', () => {
    const index = new AlertIndex()
    const alerts: Watched[] = [1, 2, 2, 3].map((p, i) => ({
      id: String(i),
      userId: 1n,
      code: '7203',
      kind: 'price_above',
      value: BigInt(p * 10_000),
      repeat: false,
      armed: true,
    }))
    index.load(alerts)
    expect(index.remove('2')).toBe(true)
    expect(index.remove('2')).toBe(false)
    expect(index.check(quote(2, 1, 0)).fired.map((a) => a.id)).toEqual(['1', '0'])
    expect(index.size).toBe(1)
  })

  it('makes nothing for a quote that crosses nothing, nor for a code without alerts', () => {
    const index = new AlertIndex()
    index.put({
      id: '1',
      userId: 1n,
      code: '7203',
      kind: 'price_above',
      value: 20_000n,
      repeat: true,
      armed: true,
    })
    const below = index.check(quote(1, 1, 0))
    // The same shared answer each time: the tick path's quotes leave no garbage behind.
    expect(index.check(quote(1.5, 1, 0))).toBe(below)
    expect(index.check(quote(5, 1, 0, '6758'))).toBe(below)
    expect(below).toEqual({ fired: [], rearmed: [] })
    // At the threshold exactly: the condition holds ("at or above").
    const { fired } = index.check(quote(2, 1, 0))
    expect(fired.map((a) => a.id)).toEqual(['1'])
    expect(index.size).toBe(0)
    expect([...index.codesHeld()]).toEqual([])
  })

  it('has no measure without a trade, nor a change without a previous close', () => {
    expect(measureOf('price_above', quote(0, 100, 5))).toBeUndefined()
    expect(measureOf('change_pct_up', quote(110, 0, 5))).toBeUndefined()
    // +10 % exactly: 10 % in 1/10,000 %.
    expect(measureOf('change_pct_up', quote(110, 100, 5))).toBe(100_000)
    expect(measureOf('change_pct_down', quote(90, 100, 5))).toBe(100_000)
  })
})
