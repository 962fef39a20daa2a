import Decimal from 'decimal.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ExchangeRate, ExchangeResult } from '@kabu/shared/api/funds'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { fund, idem, startFundsApp, wallets } from './funds.support'

let t: TestApp
let n = 0

beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

async function fundedUser(yen: string): Promise<SessionGrant> {
  const grant = await newUser(t, `fx${Date.now() % 100000}${n++}`)
  await fund(t, grant, yen)
  return grant
}

const exchange = (grant: SessionGrant, form: Record<string, string>): Promise<BrokerAnswer> =>
  brokerApi(
    t.url,
    '/user/exchange',
    { from: 'JPY', to: 'USD', idem: idem(), ...form },
    session(grant),
  )

const rates = (grant: SessionGrant) =>
  brokerData<ExchangeRate[]>(t.url, '/user/exchangeRates', {}, session(grant))

describe('exchange rates', () => {
  it('quote every pair of the nine currencies with the spread', async () => {
    const grant = await newUser(t, 'fxrates1')
    const all = await rates(grant)
    expect(all).toHaveLength(72)
    const usdJpy = all.find((r) => r.from === 'USD' && r.to === 'JPY')
    expect(Number(usdJpy?.rate)).toBeGreaterThan(140)
    expect(usdJpy?.spread).toBe('0.002')
  })
})

describe('an exchange', () => {
  it('moves the money through the FX house book at the rate less the spread, rounded down', async () => {
    const grant = await fundedUser('100000')
    const quote = (await rates(grant)).find((r) => r.from === 'JPY' && r.to === 'USD')!
    const answer = await exchange(grant, { money: '10000' })
    expect(answer).toMatchObject({ status: 1, msg: 'exchange_ok' })
    const { got } = answer.data as ExchangeResult
    const exact = new Decimal(10000).times(quote.rate).times(new Decimal(1).minus(quote.spread))
    expect(got).toBe(exact.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed())
    const w = await wallets(t, grant)
    expect(w.JPY?.available).toBe('90000')
    expect(w.USD?.available).toBe(got)

    const back = await exchange(grant, { from: 'USD', to: 'JPY', money: got })
    expect(back.status).toBe(1)
    // Whole yen back, less than was paid: the spread both ways, and the rounding, stay with the house.
    const yen = Number((back.data as ExchangeResult).got)
    expect(Number.isInteger(yen)).toBe(true)
    expect(yen).toBeLessThan(10000)
    expect(yen).toBeGreaterThan(9900)
  })

  it('refuses the same currency, bad amounts, unknown currencies and more than the wallet holds', async () => {
    const grant = await fundedUser('5000')
    const cases: Array<[Record<string, string>, string]> = [
      [{ to: 'JPY' }, 'same_currency'],
      [{ money: '' }, 'amount_required'],
      [{ money: '0' }, 'amount_invalid'],
      [{ money: '-100' }, 'amount_invalid'],
      [{ money: '100.5' }, 'amount_invalid'],
      [{ money: '1e3' }, 'amount_invalid'],
      [{ money: '100', to: 'EUR' }, 'invalid_input'],
      [{ money: '100', from: 'jpy' }, 'invalid_input'],
      [{ money: '1' }, 'amount_below_minimum'],
      [{ money: '5001' }, 'insufficient_balance'],
    ]
    for (const [form, key] of cases) {
      const answer = await exchange(grant, { money: '100', ...form })
      expect([form, answer.msg]).toEqual([form, key])
    }
    const missing = await brokerApi(
      t.url,
      '/user/exchange',
      { from: 'JPY', to: 'USD', idem: idem() },
      session(grant),
    )
    expect(missing.msg).toBe('amount_required')
    expect((await wallets(t, grant)).JPY?.available).toBe('5000')
  })

  it('answers a retry with the first result, even after the rate moved', async () => {
    const grant = await fundedUser('100000')
    const key = idem()
    const first = await exchange(grant, { money: '10000', idem: key })
    t.app.clock.set(t.app.clock.now() + 6 * 3_600_000)
    const again = await exchange(grant, { money: '10000', idem: key })
    expect(again.data).toEqual(first.data)
    expect((await exchange(grant, { money: '20000', idem: key })).msg).toBe('idempotency_conflict')
    expect((await wallets(t, grant)).JPY?.available).toBe('90000')
  })
})
