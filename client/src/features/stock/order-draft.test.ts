import { describe, expect, it } from 'vitest'
import {
  buyFee,
  checkDraft,
  stepPrice,
  wireKind,
  type OrderDraft,
  type OrderRules,
} from './order-draft'

const rules: OrderRules = {
  lot: 100,
  tick: { market: 'jp' },
  limitUp: 3500,
  limitDown: 2000,
  buyFeeRate: '0.001',
  available: '1000000',
  fundPasswordRequired: false,
}
const draft: OrderDraft = { kind: 'limit', lots: 2, limitPrice: 2501, fundPassword: '' }

describe('checkDraft', () => {
  it('prices a limit order: amount, fee in whole yen (rounded down), total, in decimal strings', () => {
    expect(checkDraft(draft, rules, 2600)).toEqual({
      ok: true,
      estimate: { shares: 200, price: '2501', amount: '500200', fee: '500', total: '500700' },
    })
  })

  it('prices a market order at the live price', () => {
    const check = checkDraft({ ...draft, kind: 'market', limitPrice: 0 }, rules, 812.4)
    expect(check).toMatchObject({ ok: true, estimate: { amount: '162480', price: '812.4' } })
  })

  it('refuses what the gateway would refuse, with its key', () => {
    const refuse = (d: Partial<OrderDraft>, r: Partial<OrderRules> = {}) => {
      const check = checkDraft({ ...draft, ...d }, { ...rules, ...r }, 2600)
      return check.ok ? null : check.msg
    }
    expect(refuse({ lots: 0 })).toBe('lot_size')
    expect(refuse({ lots: 1.5 })).toBe('lot_size')
    expect(refuse({ limitPrice: 3003 })).toBe('invalid_input')
    expect(refuse({ limitPrice: 3505 })).toBe('over_price_limit')
    expect(refuse({ limitPrice: 1999 })).toBe('over_price_limit')
    expect(refuse({ lots: 4 })).toBe('insufficient_balance')
    expect(refuse({ kind: 'market' }, { available: '-' })).toBe('insufficient_balance')
  })

  it('accepts exactly the available cash', () => {
    expect(checkDraft(draft, { ...rules, available: '500700' }, 2600).ok).toBe(true)
    expect(checkDraft(draft, { ...rules, available: '500699.9' }, 2600).ok).toBe(false)
  })
})

describe('buyFee', () => {
  it('charges whole yen and whole cents, never a fraction of a coin', () => {
    expect(buyFee('jp', 5_002_000_000n, '0.001')).toBe(5_000_000n)
    expect(buyFee('us', 100_100n, '0.001')).toBe(100n)
    expect(buyFee('us', 99_900n, '0.001')).toBe(0n)
  })
})

describe('stepPrice', () => {
  it('moves one tick, crossing TSE bands with the tick of the band it enters', () => {
    const jp = { market: 'jp' } as const
    expect(stepPrice(jp, 2999, 1)).toBe(3000)
    expect(stepPrice(jp, 3000, 1)).toBe(3005)
    expect(stepPrice(jp, 3005, -1)).toBe(3000)
    expect(stepPrice(jp, 3000, -1)).toBe(2999)
    expect(stepPrice(jp, 3002, 1)).toBe(3005)
    expect(stepPrice(jp, 3002, -1)).toBe(3000)
  })

  it('steps fine ticks without float noise', () => {
    const fine = { market: 'jp', topix500: true } as const
    expect(stepPrice(fine, 812.4, 1)).toBe(812.5)
    expect(stepPrice({ market: 'us' }, 10.01, -1)).toBe(10)
  })
})

describe('stops, trailing stops and exits on the ticket', () => {
  const at = (d: Partial<OrderDraft>, price = 2600) => checkDraft({ ...draft, ...d }, rules, price)

  it('holds a stop not yet reached at the upper limit, one already reached at the market', () => {
    const waiting = at({ kind: 'stop', triggerPrice: 2700 })
    expect(waiting).toMatchObject({ ok: true, estimate: { price: '3500', amount: '700000' } })
    const fired = at({ kind: 'stop', triggerPrice: 2550 })
    expect(fired).toMatchObject({ ok: true, estimate: { price: '2600' } })
    const stopLimit = at({ kind: 'stop_limit', triggerPrice: 2700, limitPrice: 2710 })
    expect(stopLimit).toMatchObject({ ok: true, estimate: { price: '2710' } })
    const trailing = at({ kind: 'trailing', trail: 50 })
    expect(trailing).toMatchObject({ ok: true, estimate: { price: '3500' } })
    // Where the market has no daily limit, the trigger is the nearest figure there is.
    const us = checkDraft(
      { ...draft, kind: 'stop', triggerPrice: 12.5 },
      { ...rules, tick: { market: 'us' }, limitUp: null, limitDown: null },
      12,
    )
    expect(us).toMatchObject({ ok: true, estimate: { price: '12.5' } })
  })

  it('refuses what the gateway refuses of a kind, with its key', () => {
    const refusal = (d: Partial<OrderDraft>) => {
      const check = at(d)
      return check.ok ? null : check.msg
    }
    expect(refusal({ kind: 'stop' })).toBe('invalid_input')
    expect(refusal({ kind: 'stop', triggerPrice: 3003 })).toBe('invalid_input')
    expect(refusal({ kind: 'stop_limit', triggerPrice: 2700, limitPrice: 3600 })).toBe(
      'over_price_limit',
    )
    expect(refusal({ kind: 'trailing', trail: 0 })).toBe('invalid_input')
    expect(refusal({ kind: 'stop', triggerPrice: 2700, leverage: 2 })).toBe('credit_market_only')
    expect(refusal({ kind: 'market', exit: { price: 2800 }, leverage: 2 })).toBe('invalid_input')
    expect(refusal({ kind: 'trailing', trail: 5, exit: { price: 2800 } })).toBe('invalid_input')
    expect(refusal({ exit: { price: 2800, trigger: 2900 } })).toBe('invalid_input')
    expect(refusal({ exit: { price: 2800, trigger: 2400 } })).toBeNull()
  })

  it('sends only the fields of its kind, the validity and the exits', () => {
    expect(wireKind({ ...draft, kind: 'stop', triggerPrice: 2700, validity: 'day' })).toEqual({
      kind: 'stop',
      price: undefined,
      trigger: '2700',
      trail: undefined,
      validity: undefined,
      group: undefined,
      exit_price: undefined,
      exit_trigger: undefined,
    })
    const ifdoco = wireKind({
      ...draft,
      validity: '2026-12-18',
      exit: { price: 2800, trigger: 2400 },
    })
    expect(ifdoco).toMatchObject({ kind: 'limit', price: '2501', validity: '2026-12-18' })
    expect(ifdoco).toMatchObject({ group: 'ifdoco', exit_price: '2800', exit_trigger: '2400' })
    expect(wireKind({ ...draft, kind: 'trailing', trail: 12.5 })).toMatchObject({ trail: '12.5' })
  })
})

describe('a NISA buy', () => {
  const nisa = (d: Partial<OrderDraft>, r: Partial<OrderRules>) => {
    const check = checkDraft({ ...draft, account: 'nisa', ...d }, { ...rules, ...r }, 2600)
    return check.ok ? 'ok' : check.msg
  }

  it('fits the growth room by its book value, fees apart', () => {
    // 200 × ¥2,501 = ¥500,200 of book value; the ¥500 fee is not part of it.
    expect(nisa({}, { nisaRoom: '500200' })).toBe('ok')
    expect(nisa({}, { nisaRoom: '500199' })).toBe('nisa_limit')
  })

  it('is refused for credit, a code NISA does not take and before the account is open', () => {
    expect(nisa({ leverage: 2, kind: 'market' }, { nisaRoom: '2400000' })).toBe('nisa_not_eligible')
    expect(nisa({}, { nisaRoom: null })).toBe('nisa_not_eligible')
    expect(nisa({}, { nisaRoom: null, nisaClosed: true })).toBe('nisa_not_opened')
  })

  it('sends account=nisa, and nothing for the taxable account', () => {
    expect(wireKind({ ...draft, account: 'nisa' }).account).toBe('nisa')
    expect(wireKind(draft).account).toBeUndefined()
  })
})
