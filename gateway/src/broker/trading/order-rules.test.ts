import { describe, expect, it } from 'vitest'
import { listingByCode } from '@kabu/shared/market/listings/index'
import type { Listing, Quote } from '@kabu/shared/market/types'
import { loadConfig } from '../../config'
import { Refusal } from '../common/refusal'
import { buyFee, saleCharges } from './fees'
import { checkLots, checkLuld, checkPriceCage, type Tradable } from './order-rules'

const at = (code: string, lastUnits: bigint): Tradable => ({
  listing: listingByCode(code) as Listing,
  quote: {} as Quote,
  lastUnits,
})
const refusal = (run: () => void) => {
  try {
    run()
  } catch (error) {
    return error instanceof Refusal ? error.key : 'not a refusal'
  }
  return 'accepted'
}

describe('China price cage', () => {
  // 600519 at 1,450.00: 102 % is 1,479.00, +10 ticks only 1,450.10, so 2 % binds.
  const moutai = at('600519', 14_500_000n)
  it('bounds a buy limit at 102 % of the last price', () => {
    expect(refusal(() => checkPriceCage(moutai, 14_790_000n, 'buy'))).toBe('accepted')
    expect(refusal(() => checkPriceCage(moutai, 14_790_100n, 'buy'))).toBe('over_price_limit')
  })
  it('bounds a sell limit at 98 %', () => {
    expect(refusal(() => checkPriceCage(moutai, 14_210_000n, 'sell'))).toBe('accepted')
    expect(refusal(() => checkPriceCage(moutai, 14_209_900n, 'sell'))).toBe('over_price_limit')
  })
  it('lets ten ticks through on a cheap stock, where they exceed 2 %', () => {
    const cheap = at('600519', 30_000n) // 3.00: 2 % is 0.06, ten ticks 0.10
    expect(refusal(() => checkPriceCage(cheap, 31_000n, 'buy'))).toBe('accepted')
    expect(refusal(() => checkPriceCage(cheap, 31_100n, 'buy'))).toBe('over_price_limit')
  })
  it('does not apply outside China', () => {
    expect(refusal(() => checkPriceCage(at('7203', 29_000_000n), 99_000_000n, 'buy'))).toBe(
      'accepted',
    )
  })
})

describe('US LULD bands (around the last price)', () => {
  it('refuses a buy above +5 % and a sell below −5 % above $3', () => {
    const apple = at('AAPL', 2_000_000n) // $200: band $10
    expect(refusal(() => checkLuld(apple, 2_100_000n, 'buy'))).toBe('accepted')
    expect(refusal(() => checkLuld(apple, 2_100_100n, 'buy'))).toBe('over_price_limit')
    expect(refusal(() => checkLuld(apple, 1_900_000n, 'sell'))).toBe('accepted')
    expect(refusal(() => checkLuld(apple, 1_899_900n, 'sell'))).toBe('over_price_limit')
    // A resting buy far below the market is fine: it just waits.
    expect(refusal(() => checkLuld(apple, 1_000_000n, 'buy'))).toBe('accepted')
  })
  it('widens to 20 % from $0.75 to $3 and to the lesser of $0.15 or 75 % below', () => {
    expect(refusal(() => checkLuld(at('AAPL', 20_000n), 24_000n, 'buy'))).toBe('accepted')
    expect(refusal(() => checkLuld(at('AAPL', 20_000n), 24_100n, 'buy'))).toBe('over_price_limit')
    expect(refusal(() => checkLuld(at('AAPL', 5_000n), 6_500n, 'buy'))).toBe('accepted')
    expect(refusal(() => checkLuld(at('AAPL', 5_000n), 6_501n, 'buy'))).toBe('over_price_limit')
  })
  it('does not apply outside the US', () => {
    expect(refusal(() => checkLuld(at('7203', 29_000_000n), 99_000_000n, 'buy'))).toBe('accepted')
  })
})

describe('lots and fees', () => {
  it('takes whole lots only (100 in Japan, 1 in the US)', () => {
    const toyota = listingByCode('7203') as Listing
    expect(refusal(() => checkLots(toyota, 200))).toBe('accepted')
    expect(refusal(() => checkLots(toyota, 150))).toBe('lot_size')
    expect(refusal(() => checkLots(toyota, 0))).toBe('lot_size')
    expect(refusal(() => checkLots(listingByCode('AAPL') as Listing, 3))).toBe('accepted')
  })
  it('rounds fees down to the yen or cent and adds stamp duty on China sells', () => {
    const settings = loadConfig({}).trading
    expect(buyFee(settings, 'jp', 2_905_500_000n)).toBe(2_900_000n) // 290,550 yen → 290 yen
    expect(buyFee(settings, 'us', 1_234_567n)).toBe(1_200n) // $123.4567: $0.1234567 → $0.12
    // 145,000 CNY: 0.1 % fee 145 + 0.05 % stamp duty 72.5.
    expect(saleCharges(settings, 'cn', 1_450_000_000n)).toEqual({
      fee: 1_450_000n,
      stampDuty: 725_000n,
    })
    expect(saleCharges(settings, 'jp', 1_450_000_000n)).toEqual({ fee: 1_450_000n, stampDuty: 0n })
  })
})
