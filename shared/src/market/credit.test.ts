import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  belowMaintenance,
  callAmount,
  callFor,
  coverSettlement,
  creditSplit,
  CREDIT_RULES,
  dailyInterest,
  maintenancePercent,
  MINOR_UNIT,
} from './credit'

const market = fc.constantFrom('jp' as const, 'us' as const, 'cn' as const)
const units = fc.bigInt({ min: 1n, max: 10n ** 15n })

describe('stock credit rules', () => {
  it('splits a cost into a margin (rounded up to the minor unit) and the debt, exactly', () => {
    fc.assert(
      fc.property(units, fc.constantFrom(...CREDIT_RULES.leverageChoices), market, (cost, l, m) => {
        const { margin, debt } = creditSplit(cost, l, m)
        expect(margin + debt).toBe(cost)
        expect(debt >= 0n).toBe(true)
        expect(margin * BigInt(l) >= cost || margin === cost).toBe(true)
        expect(margin % MINOR_UNIT[m] === 0n || margin === cost).toBe(true)
        if (l === 1) expect(debt).toBe(0n)
      }),
    )
    expect(creditSplit(10_000_000_000n, 3, 'jp')).toEqual({
      margin: 3_333_340_000n,
      debt: 6_666_660_000n,
    })
  })

  it('accrues a day of interest at 2.8 % a year, rounded down to the minor unit', () => {
    // ¥1,000,000 owed: 1,000,000 × 0.028 / 365 = 76.71… → ¥76.
    expect(dailyInterest(10_000_000_000n, 'jp')).toBe(760_000n)
    // $10,000 owed: 10,000 × 0.028 / 365 = 0.767… → $0.76.
    expect(dailyInterest(100_000_000n, 'us')).toBe(7_600n)
    expect(dailyInterest(0n, 'jp')).toBe(0n)
    fc.assert(
      fc.property(units, market, (debt, m) => {
        const day = dailyInterest(debt, m)
        expect(day % MINOR_UNIT[m]).toBe(0n)
        expect(day * 365n <= (debt * 28n) / 1000n).toBe(true)
        expect((day + MINOR_UNIT[m]) * 365n * 1000n > debt * 28n).toBe(true)
      }),
    )
  })

  it('calls below a 20 % maintenance ratio, for the amount that restores it', () => {
    expect(belowMaintenance(1000n, 800n)).toBe(false) // exactly 20 %
    expect(belowMaintenance(1000n, 801n)).toBe(true)
    expect(maintenancePercent(1000n, 750n)).toBe(25)
    expect(maintenancePercent(1000n, 0n)).toBeNull()
    fc.assert(
      fc.property(units, units, market, (value, debt, m) => {
        const due = callAmount(value, debt, m)
        if (!belowMaintenance(value, debt)) {
          expect(due).toBe(0n)
        } else {
          expect(due > 0n).toBe(true)
          // Paying the call restores the ratio.
          expect(belowMaintenance(value, debt - due)).toBe(false)
        }
      }),
    )
  })
})

describe('a short', () => {
  const units = fc.bigInt({ min: 0n, max: 10n ** 12n })

  it('settles its cover exactly: the collateral pays cover and fee, then the fees owed, then the user', () => {
    fc.assert(
      fc.property(units, units, units, units, units, (proceeds, held, owed, cost, fee) => {
        const { repaid, returned, shortfall } = coverSettlement({ proceeds, held, owed }, cost, fee)
        // Every unit is accounted for, nothing negative, the fees owed never overpaid.
        expect(returned + repaid - shortfall).toBe(proceeds + held - cost - fee)
        expect([repaid, returned, shortfall].every((v) => v >= 0n)).toBe(true)
        expect(repaid <= owed).toBe(true)
        // The user gets something only once the fees owed are paid; a shortfall pays nothing.
        if (returned > 0n) expect(repaid).toBe(owed)
        if (shortfall > 0n) expect(repaid + returned).toBe(0n)
      }),
    )
  })

  it('calls for what brings the equity back to 20 % of the value', () => {
    fc.assert(
      fc.property(units, fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (value, equity) => {
        const due = callFor(value, equity, 'jp')
        if (due === 0n) expect(equity * 5n >= value).toBe(true)
        else expect((equity + due) * 5n >= value && due % 10_000n === 0n).toBe(true)
      }),
    )
  })
})
