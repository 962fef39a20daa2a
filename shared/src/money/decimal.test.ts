import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addUnits,
  formatUnits,
  mulRate,
  parseUnits,
  roundUnits,
  subUnits,
  type Rounding,
} from './decimal'

describe('parseUnits', () => {
  it.each([
    ['0', 0n],
    ['1', 10_000n],
    ['1234.5', 12_345_000n],
    ['0.0001', 1n],
    ['007.50', 75_000n],
    ['99999999999999.9999', 999_999_999_999_999_999n],
  ])('reads %s', (text, units) => {
    expect(parseUnits(text)).toBe(units)
  })

  it.each([
    '',
    ' 1',
    '1 ',
    '1.',
    '.5',
    '+1',
    '1,000',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '1.23456',
    '--1',
    '１２',
    '1_000',
    '100000000000000',
    '1;DROP TABLE users',
    '<b>1</b>',
  ])('refuses %j', (text) => {
    expect(parseUnits(text)).toBeNull()
  })

  it('refuses negatives unless asked', () => {
    expect(parseUnits('-2')).toBeNull()
    expect(parseUnits('-2', { signed: true })).toBe(-20_000n)
    expect(parseUnits('-0.0001', { signed: true })).toBe(-1n)
  })
})

describe('formatUnits', () => {
  it('writes exact plain decimals', () => {
    expect(formatUnits(12_345_000n)).toBe('1234.5')
    expect(formatUnits(12_345_000n, 2)).toBe('1234.50')
    expect(formatUnits(10_000n)).toBe('1')
    expect(formatUnits(10_000n, 4)).toBe('1.0000')
    expect(formatUnits(0n)).toBe('0')
    expect(formatUnits(-5n)).toBe('-0.0005')
    expect(formatUnits(999_999_999_999_999_999n)).toBe('99999999999999.9999')
  })

  it('round-trips through parseUnits', () => {
    const max = 999_999_999_999_999_999n
    fc.assert(
      fc.property(
        fc.bigInt({ min: -max, max }),
        fc.integer({ min: 0, max: 4 }),
        (units, digits) => {
          expect(parseUnits(formatUnits(units, digits), { signed: true })).toBe(units)
        },
      ),
    )
  })
})

describe('addUnits and subUnits', () => {
  it('are exact where floats are not', () => {
    const a = parseUnits('0.1') ?? 0n
    const b = parseUnits('0.2') ?? 0n
    expect(formatUnits(addUnits(a, b))).toBe('0.3')
    expect(addUnits()).toBe(0n)
    expect(formatUnits(subUnits(a, b), 0)).toBe('-0.1')
  })
})

describe('mulRate', () => {
  it('multiplies by a decimal rate and rounds once', () => {
    expect(mulRate(1_000_000n, '0.0005')).toBe(500n)
    expect(mulRate(3n, '0.5')).toBe(2n)
    expect(mulRate(-3n, '0.5')).toBe(-2n) // half away from zero
    expect(mulRate(5n, '0.5', 'half-even')).toBe(2n)
    expect(mulRate(7n, '0.5', 'half-even')).toBe(4n)
    expect(mulRate(19n, '0.1', 'down')).toBe(1n)
    expect(mulRate(11n, '0.1', 'up')).toBe(2n)
    expect(mulRate(123_456_789n, new Decimal('0.0000341'))).toBe(4_210n) // 4209.876…
  })

  it('keeps precision on large amounts', () => {
    const big = 999_999_999_999_999_999n
    expect(mulRate(big, '1')).toBe(big)
    expect(mulRate(big, '0.5', 'down')).toBe(499_999_999_999_999_999n)
  })

  it('refuses a rate that is not a number', () => {
    expect(() => mulRate(1n, 'abc')).toThrow()
  })

  it('rounds a plain rate in bigint exactly as Decimal does', () => {
    const modes = fc.constantFrom<Rounding>('half-up', 'half-even', 'down', 'up')
    const rates = fc
      .tuple(fc.boolean(), fc.nat({ max: 1000 }), fc.stringMatching(/^\d{0,8}$/))
      .map(
        ([negative, whole, fraction]) =>
          `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`,
      )
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        rates,
        modes,
        (units, rate, mode) => {
          // The Decimal path: the rate given as a Decimal never takes the bigint one.
          expect(mulRate(units, rate, mode)).toBe(mulRate(units, new Decimal(rate), mode))
        },
      ),
    )
  })
})

describe('roundUnits', () => {
  it.each<[bigint, bigint, Rounding, bigint]>([
    [12_345n, 100n, 'half-up', 12_300n],
    [12_350n, 100n, 'half-up', 12_400n],
    [12_350n, 100n, 'half-even', 12_400n],
    [12_250n, 100n, 'half-even', 12_200n],
    [12_399n, 100n, 'down', 12_300n],
    [12_301n, 100n, 'up', 12_400n],
    [-12_350n, 100n, 'half-up', -12_400n],
    [-12_399n, 100n, 'down', -12_300n],
    [15_000n, 10_000n, 'half-up', 20_000n],
    [12_300n, 100n, 'up', 12_300n],
  ])('%d to a step of %d, %s → %d', (units, step, rounding, expected) => {
    expect(roundUnits(units, step, rounding)).toBe(expected)
  })

  it('lands on a multiple within a step (half a step for the half modes)', () => {
    const modes = fc.constantFrom<Rounding>('half-up', 'half-even', 'down', 'up')
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        modes,
        (units, step, mode) => {
          const r = roundUnits(units, step, mode)
          const diff = r > units ? r - units : units - r
          expect(r % step).toBe(0n)
          expect(diff < step).toBe(true)
          if (mode.startsWith('half')) expect(diff * 2n <= step).toBe(true)
        },
      ),
    )
  })

  it('refuses a step that is not positive', () => {
    expect(() => roundUnits(1n, 0n)).toThrow(RangeError)
  })
})
