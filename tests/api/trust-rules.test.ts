import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WITHDRAW_RULE_KEYS } from '@kabu/shared/api/trust'
import { WITHDRAW_RULES } from '../../gateway/src/broker/withdrawals/rules'
import type { TestApp } from '../support/app'
import { decideIdentity, newUser, submitIdentity } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { BANK_DAY_10AM, fund, readyUser, startFundsApp } from './funds.support'
import { softAuthenticator } from '../support/soft-authenticator'
import { registerPasskey } from './passkeys.support'
import { panel, selfFreeze, withdraw } from './trust.support'

/**
 * The trust panel lists every rule that can refuse a withdrawal from the table the withdrawal code
 * enforces. Here each listed rule is made to fire through `/user/withdraw`: the refusals seen are
 * exactly the panel's keys, so a rule enforced but not listed (or listed but not enforced) fails.
 */

let t: TestApp
let n = 0
const account = () => `tr${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

async function funded(money: string) {
  const user = await readyUser(t, account())
  await fund(t, user.grant, money)
  return user
}

/** For each key, a way to make that rule (and no earlier one) refuse a withdrawal. */
const FIRE: Record<string, () => Promise<string | undefined>> = {
  async self_frozen_withdraw() {
    const { grant, card } = await funded('50000')
    expect((await selfFreeze(t, grant, 'withdraw')).status).toBe(1)
    return (await withdraw(t, grant, card)).msg
  },
  async realname_reviewing() {
    const grant = await newUser(t, account())
    await submitIdentity(t, grant)
    return (await withdraw(t, grant, '1')).msg
  },
  async realname_not_passed() {
    const grant = await newUser(t, account())
    await submitIdentity(t, grant)
    await decideIdentity(t, grant.account, { approve: false, reason: 'blurred' })
    return (await withdraw(t, grant, '1')).msg
  },
  async realname_required() {
    return (await withdraw(t, await newUser(t, account()), '1')).msg
  },
  async card_not_found() {
    const { grant } = await funded('50000')
    return (await withdraw(t, grant, '999999')).msg
  },
  async wrong_fund_password() {
    const { grant, card } = await funded('50000')
    return (await withdraw(t, grant, card, { fund_password: '000000' })).msg
  },
  async second_factor_required() {
    const { grant, card } = await funded('50000')
    expect((await registerPasskey(t, grant, softAuthenticator())).status).toBe(1)
    return (await withdraw(t, grant, card)).msg
  },
  async withdraw_window_closed() {
    const { grant, card } = await funded('50000')
    t.app.clock.set(BANK_DAY_10AM - 2 * 3_600_000) // 08:00 Tokyo
    return (await withdraw(t, grant, card)).msg
  },
  async amount_below_minimum() {
    const { grant, card } = await funded('50000')
    return (await withdraw(t, grant, card, { money: '9999' })).msg
  },
  async insufficient_balance() {
    const { grant, card } = await funded('50000')
    return (await withdraw(t, grant, card, { money: '50001' })).msg
  },
}

describe('the refusal rules of the trust panel', () => {
  it('are the withdrawal table, in its order, with the figures of the wallet', async () => {
    const grant = await newUser(t, account())
    const rules = (await panel(t, grant)).refusal_rules
    expect(rules.map((r) => r.key)).toEqual(WITHDRAW_RULES.map((r) => r.key))
    // The app's texts are written against the shared list: the table may not drift from it.
    expect(WITHDRAW_RULES.map((r) => r.key)).toEqual([...WITHDRAW_RULE_KEYS])
    expect(rules.find((r) => r.key === 'amount_below_minimum')).toMatchObject({
      text: 'At least 10000 JPY.',
      values: { min: '10000', currency: 'JPY' },
    })
    expect(rules.find((r) => r.key === 'withdraw_window_closed')?.values).toEqual({
      window: '09:00-15:30',
    })
    const usd = (await panel(t, grant, { type: 'usd' })).refusal_rules
    expect(usd.find((r) => r.key === 'amount_below_minimum')?.values).toEqual({
      min: '65.79',
      currency: 'USD',
    })
  })

  it('each fire through /user/withdraw, and nothing else refuses a valid request', async () => {
    const grant = await newUser(t, account())
    const listed = (await panel(t, grant)).refusal_rules.map((r) => r.key)
    const fired: string[] = []
    for (const key of listed) {
      const fire = FIRE[key]
      expect(fire, `no way to fire the listed rule ${key}`).toBeDefined()
      fired.push((await fire!()) ?? 'accepted')
      t.app.clock.set(BANK_DAY_10AM)
    }
    expect(fired).toEqual(listed)
    // Every rule passed: accepted.
    const { grant: ready, card } = await funded('50000')
    expect((await withdraw(t, ready, card)).msg).toBe('submit_ok')
  }, 120_000)
})
