import { describe, expect, it } from 'vitest'
import { tradeFees, type FeeRates } from './fees'

const rates: FeeRates = { buy: '0.001', sell: '0.002', cnStampDuty: '0.0005' }

describe('tradeFees', () => {
  it('rounds the buy fee down to the whole yen or cent', () => {
    expect(tradeFees('buy', 'jp', 2_905_500_000n, rates)).toBe(2_900_000n) // 290.55 yen → 290 yen
    expect(tradeFees('buy', 'us', 1_234_567n, rates)).toBe(1_200n) // $0.1234567 → $0.12
    expect(tradeFees('buy', 'us', 99_900n, rates)).toBe(0n) // under a cent is never charged
  })

  it('charges the sell rate, not the buy rate, on sells', () => {
    expect(tradeFees('sell', 'jp', 1_450_000_000n, rates)).toBe(2_900_000n)
  })

  it('adds stamp duty on China sells only, each part rounded down to the cent', () => {
    // 145,000 CNY: 0.2 % fee 290 + 0.05 % stamp duty 72.5.
    expect(tradeFees('sell', 'cn', 1_450_000_000n, rates)).toBe(3_625_000n)
    expect(tradeFees('buy', 'cn', 1_450_000_000n, rates)).toBe(1_450_000n)
    // 4.5 CNY: 0.9 + 0.225 cents would sum to a cent, but each part rounds down to 0 on its own.
    expect(tradeFees('sell', 'cn', 45_000n, rates)).toBe(0n)
  })

  it('charges nothing at a zero rate', () => {
    const free = { buy: '0', sell: '0', cnStampDuty: '0' }
    expect(tradeFees('sell', 'cn', 1_450_000_000n, free)).toBe(0n)
  })
})
