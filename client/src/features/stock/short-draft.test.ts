import { describe, expect, it } from 'vitest'
import { checkShort, leverageChoices, priceShort, shortRules } from './short-draft'

const config = {
  sell_fee_rate: '0.001',
  cn_stamp_duty_rate: '0.0005',
  credit_borrow_fee_rate: '0.0115',
  leverage_choices: '1,2,3',
}
const rules = shortRules('jp', 100, '1000000', config)

describe('priceShort', () => {
  it('holds proceeds / leverage as margin, charges the sale fee, states the borrow fee a day', () => {
    expect(priceShort({ lots: 1, leverage: 3 }, rules, 2500)).toEqual({
      ok: true,
      estimate: {
        shares: 100,
        leverage: 3,
        price: '2500',
        proceeds: '250000',
        // A third of the proceeds, rounded up to the yen (shared creditSplit).
        margin: '83334',
        fee: '250',
        total: '83584',
        // 250,000 × 1.15 % / 365 = 7.87…, rounded down.
        borrowFeeDaily: '7',
        borrowFeeRate: '0.0115',
      },
    })
  })

  it('holds the whole proceeds at ×1 and half at ×2', () => {
    const at = (leverage: number) => priceShort({ lots: 2, leverage }, rules, 2512.5)
    expect(at(1)).toMatchObject({ estimate: { proceeds: '502500', margin: '502500' } })
    expect(at(2)).toMatchObject({ estimate: { margin: '251250', fee: '502' } })
  })

  it('adds China stamp duty to the fee, in fen', () => {
    const cn = shortRules('cn', 100, '100000', config)
    expect(priceShort({ lots: 1, leverage: 2 }, cn, 10.01)).toMatchObject({
      // 1.00 of fee (0.1 %) and 0.50 of stamp duty (0.05 %), each rounded down to the fen.
      estimate: { proceeds: '1001', margin: '500.5', fee: '1.5' },
    })
  })

  it('refuses what the gateway would', () => {
    expect(priceShort({ lots: 0, leverage: 3 }, rules, 2500)).toEqual({
      ok: false,
      msg: 'lot_size',
    })
    expect(priceShort({ lots: 1.5, leverage: 3 }, rules, 2500)).toMatchObject({ msg: 'lot_size' })
    expect(priceShort({ lots: 1, leverage: 5 }, rules, 2500)).toMatchObject({
      msg: 'invalid_input',
    })
    expect(priceShort({ lots: 1, leverage: 3 }, rules, 0)).toMatchObject({
      msg: 'price_unavailable',
    })
  })
})

describe('checkShort', () => {
  it('needs the margin and the fee in available cash', () => {
    const poor = shortRules('jp', 100, '83583', config)
    expect(checkShort({ lots: 1, leverage: 3 }, poor, 2500)).toEqual({
      ok: false,
      msg: 'insufficient_balance',
    })
    const enough = shortRules('jp', 100, '83584', config)
    expect(checkShort({ lots: 1, leverage: 3 }, enough, 2500).ok).toBe(true)
  })
})

describe('leverageChoices', () => {
  it('reads the published choices, or the shared rules without them', () => {
    expect(leverageChoices('1, 2,3')).toEqual([1, 2, 3])
    expect(leverageChoices('2')).toEqual([2])
    expect(leverageChoices(undefined)).toEqual([1, 2, 3])
    expect(leverageChoices('x,')).toEqual([1, 2, 3])
  })
})

describe('shortRules', () => {
  it('states the published maintenance ratio and call days, the shared rules without them', () => {
    expect(rules).toMatchObject({ maintenanceRatio: '0.2', callDays: 2, borrowFeeRate: '0.0115' })
    const published = { ...config, credit_maintenance_ratio: '0.25', credit_call_days: '3' }
    expect(shortRules('jp', 100, '0', published)).toMatchObject({
      maintenanceRatio: '0.25',
      callDays: 3,
    })
  })

  it("states the least 委託保証金 on Japan's market only, as published", () => {
    const published = { ...config, credit_min_margin_jpy: '300000' }
    expect(shortRules('jp', 100, '0', published).minMargin).toBe('300000')
    expect(shortRules('cn', 100, '0', published).minMargin).toBeNull()
    expect(rules.minMargin).toBeNull()
  })

  it("states the short-sale price restriction on Japan's market only, as published", () => {
    const published = {
      ...config,
      short_price_rule_fall: '0.1',
      short_price_rule_exempt_units: '50',
    }
    expect(shortRules('jp', 100, '0', published).priceRule).toEqual({
      fall: '0.1',
      exemptUnits: 50,
    })
    expect(shortRules('cn', 100, '0', published).priceRule).toBeNull()
    expect(rules.priceRule).toBeNull()
  })
})
