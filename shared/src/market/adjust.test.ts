import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { adjustBars, dividendFactor, splitFactor } from './adjust'
import { isoDateToUtc, utcToIsoDate } from './iso-date'
import type { Bar, CorporateAction } from './types'

const dayOf = (time: number) => utcToIsoDate(time * 1000)
const bar = (date: string, close: number, volume: number): Bar => ({
  time: isoDateToUtc(date) / 1000,
  open: close,
  high: close,
  low: close,
  close,
  volume,
  turnover: close * volume,
})

// Closes 200, 202; a 2:1 split goes ex on 03-04 (close 101); a cash dividend of 1.01 against that
// close of 101 goes ex on 03-05, f = 1 − 1.01/101 = 0.99 (close 100).
const bars = [
  bar('2026-03-02', 200, 1000),
  bar('2026-03-03', 202, 1000),
  bar('2026-03-04', 101, 2000),
  bar('2026-03-05', 100, 2000),
]
const actions: CorporateAction[] = [
  {
    code: 'X',
    date: '2026-03-05',
    kind: 'dividend',
    cash: 1.01,
    factor: dividendFactor(1.01, 101),
  },
  { code: 'X', date: '2026-03-04', kind: 'split', ratio: 2, factor: splitFactor(2) },
]
const closes = (list: Bar[]) => list.map((b) => b.close)
const volumes = (list: Bar[]) => list.map((b) => b.volume)

describe('adjustBars', () => {
  it('leaves bars as traded with `none`', () => {
    expect(adjustBars(bars, actions, 'none', dayOf)).toEqual(bars)
  })

  it('forward: scales earlier bars by the later factors, the latest bar unchanged', () => {
    const adjusted = adjustBars(bars, actions, 'forward', dayOf)
    // 200·0.5·0.99 = 99, 202·0.495 = 99.99, 101·0.99 = 99.99, 100.
    const expected = [99, 99.99, 99.99, 100]
    closes(adjusted).forEach((close, i) => expect(close).toBeCloseTo(expected[i] ?? NaN, 10))
    // The split doubles the volumes before it; the dividend does not touch volumes.
    expect(volumes(adjusted)).toEqual([2000, 2000, 2000, 2000])
    expect(adjusted[0]?.turnover).toBe(200_000)
  })

  it('backward: divides later bars by the factors so far, the first bar unchanged', () => {
    const adjusted = adjustBars(bars, actions, 'backward', dayOf)
    // 200, 202, 101/0.5 = 202, 100/(0.5·0.99) = 202.0202…
    const expected = [200, 202, 202, 100 / 0.495]
    closes(adjusted).forEach((close, i) => expect(close).toBeCloseTo(expected[i] ?? NaN, 10))
    expect(volumes(adjusted)).toEqual([1000, 1000, 1000, 1000])
  })

  it('applies a 1:5 reverse split as a factor of 5', () => {
    const reverse: CorporateAction[] = [
      { code: 'X', date: '2026-03-04', kind: 'split', ratio: 0.2, factor: splitFactor(0.2) },
    ]
    const adjusted = adjustBars(bars, reverse, 'forward', dayOf)
    expect(closes(adjusted)).toEqual([1000, 1010, 101, 100])
    expect(volumes(adjusted)).toEqual([200, 200, 2000, 2000])
  })

  const barsArb = fc
    .array(
      fc.record({
        close: fc.double({ min: 1, max: 10_000, noNaN: true }),
        volume: fc.integer({ min: 0, max: 1e6 }),
      }),
      { minLength: 1, maxLength: 40 },
    )
    .map((rows) =>
      rows.map((row, i) =>
        bar(utcToIsoDate(isoDateToUtc('2026-01-01') + i * 86_400_000), row.close, row.volume),
      ),
    )
  const actionsArb = fc.array(
    fc.oneof(
      fc.record({
        offset: fc.integer({ min: 0, max: 45 }),
        kind: fc.constant('split' as const),
        ratio: fc.constantFrom(2, 3, 0.2),
      }),
      fc.record({
        offset: fc.integer({ min: 0, max: 45 }),
        kind: fc.constant('dividend' as const),
        ratio: fc.double({ min: 0.001, max: 0.1, noNaN: true }),
      }),
    ),
    { maxLength: 6 },
  )
  const toActions = (list: Array<{ offset: number; kind: 'split' | 'dividend'; ratio: number }>) =>
    list.map((a): CorporateAction => ({
      code: 'X',
      date: utcToIsoDate(isoDateToUtc('2026-01-01') + a.offset * 86_400_000),
      kind: a.kind,
      ...(a.kind === 'split' ? { ratio: a.ratio } : { cash: a.ratio }),
      factor: a.kind === 'split' ? splitFactor(a.ratio) : 1 - a.ratio,
    }))

  it('forward and backward differ by one constant factor', () => {
    fc.assert(
      fc.property(barsArb, actionsArb, (series, list) => {
        const events = toActions(list)
        const forward = adjustBars(series, events, 'forward', dayOf)
        const backward = adjustBars(series, events, 'backward', dayOf)
        const all = events.reduce((product, e) => product * e.factor, 1)
        forward.forEach((f, i) => {
          const b = backward[i]
          expect(b).toBeDefined()
          expect(f.close / (b?.close ?? NaN)).toBeCloseTo(all, 9)
        })
      }),
    )
  })

  it('changes nothing when there are no actions', () => {
    fc.assert(
      fc.property(
        barsArb,
        fc.constantFrom('forward', 'backward') as fc.Arbitrary<'forward'>,
        (series, mode) => {
          expect(adjustBars(series, [], mode, dayOf)).toEqual(series)
        },
      ),
    )
  })
})
