import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dividendRates, withholdDividend } from './dividend-withholding'

const YEN = 10_000n
const CENT = 100n
const tokutei = (foreign: { num: bigint; den: bigint } | null = null) =>
  dividendRates('tokutei_withholding', foreign)

describe('dividend withholding', () => {
  it('takes 20.315 % of a Japanese dividend, national and local apart, cut below the yen', () => {
    // ¥12,345 gross: 15.315 % = 1,890.63… → 1,890; 5 % = 617.25 → 617.
    expect(withholdDividend(12_345n * YEN, tokutei(), YEN)).toEqual({
      foreign: 0n,
      national: 1_890n * YEN,
      local: 617n * YEN,
      net: (12_345n - 1_890n - 617n) * YEN,
    })
  })

  it('takes the foreign 10 % first, then 20.315 % of the rest, cut below the cent', () => {
    // $100.00: 10 % = $10.00, rest $90.00; 15.315 % = $13.7835 → $13.78; 5 % = $4.50.
    const got = withholdDividend(1_000_000n, tokutei({ num: 1n, den: 10n }), CENT)
    expect(got).toEqual({ foreign: 100_000n, national: 137_800n, local: 45_000n, net: 717_200n })
  })

  it('never withholds more than the rates nor leaves a part negative', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.boolean(), (gross, us) => {
        const w = withholdDividend(
          gross,
          tokutei(us ? { num: 1n, den: 10n } : null),
          us ? CENT : YEN,
        )
        expect(w.foreign + w.national + w.local + w.net).toBe(gross)
        expect(w.net >= 0n && w.national >= 0n && w.local >= 0n).toBe(true)
        expect(w.national * 100_000n <= (gross - w.foreign) * 15_315n).toBe(true)
        expect(w.local * 20n <= gross - w.foreign).toBe(true)
      }),
    )
  })
})

describe('dividend withholding by account', () => {
  it('withholds the same 20.315 % in every taxable kind', () => {
    const gross = 12_345n * YEN
    const withheld = (['tokutei', 'ippan'] as const).map((kind) =>
      withholdDividend(gross, dividendRates(kind, null), YEN),
    )
    for (const w of withheld) expect(w).toEqual(withholdDividend(gross, tokutei(), YEN))
  })

  it('takes no Japanese tax in NISA, but the foreign tax at source still', () => {
    expect(withholdDividend(12_345n * YEN, dividendRates('nisa', null), YEN)).toEqual({
      foreign: 0n,
      national: 0n,
      local: 0n,
      net: 12_345n * YEN,
    })
    const us = withholdDividend(1_000_000n, dividendRates('nisa', { num: 1n, den: 10n }), CENT)
    expect(us).toEqual({ foreign: 100_000n, national: 0n, local: 0n, net: 900_000n })
  })
})
