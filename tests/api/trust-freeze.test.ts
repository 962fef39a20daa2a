import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi } from '../support/broker'
import { idem, BANK_DAY_10AM } from './funds.support'
import { buy, sell, TOYOTA } from './trading.support'
import {
  fundedUser,
  panel,
  selfFreeze,
  selfUnfreeze,
  withdraw,
  startTrustApp,
} from './trust.support'
import { softAuthenticator } from '../support/soft-authenticator'
import { asPage, confirmation, registerPasskey } from './passkeys.support'

/**
 * The trust panel's self-freeze (the user's own freeze of withdrawals, trading or both), against a
 * real gateway.
 */

const HOUR = 3_600_000
let t: TestApp
let n = 0
const account = () => `tf${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startTrustApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

const funded = (money: string) => fundedUser(t, account(), money)

describe('the self-freeze', () => {
  it('needs the fund password and a known scope', async () => {
    const { grant, card } = await funded('50000')
    expect((await selfFreeze(t, grant, 'withdraw', '000000')).msg).toBe('wrong_fund_password')
    expect((await selfFreeze(t, grant, 'everything')).msg).toBe('invalid_input')
    expect((await panel(t, grant)).self_freeze).toMatchObject({ withdraw: null, trading: null })
    expect((await withdraw(t, grant, card)).msg).toBe('submit_ok')
  })

  it('of withdrawals refuses them, leaves trading, and lifts only after the cooling-off', async () => {
    const { grant, card } = await funded('100000')
    const asked = t.app.clock.now()
    const frozen = await selfFreeze(t, grant, 'withdraw')
    expect(frozen).toMatchObject({ status: 1, msg: 'submit_ok' })
    const since = frozen.data!.withdraw!.since
    expect(since).toBeGreaterThanOrEqual(asked)
    expect(frozen.data).toEqual({
      withdraw: { scope: 'withdraw', since, unfreeze_from: since + 24 * HOUR },
      trading: null,
      cooling_hours: 24,
    })
    expect((await withdraw(t, grant, card)).msg).toBe('self_frozen_withdraw')
    expect((await buy(t, grant, { code: TOYOTA })).msg).not.toBe('self_frozen_trading')
    // A second freeze keeps the first time: the cooling-off is not restarted nor shortened.
    t.app.clock.set(since + HOUR)
    expect((await selfFreeze(t, grant, 'withdraw')).data?.withdraw?.since).toBe(since)
    t.app.clock.set(since + 24 * HOUR - 60_000)
    expect((await selfUnfreeze(t, grant, 'withdraw')).msg).toBe('self_freeze_cooling')
    expect((await withdraw(t, grant, card)).msg).toBe('self_frozen_withdraw')
    t.app.clock.set(since + 24 * HOUR)
    expect((await selfUnfreeze(t, grant, 'withdraw', '000000')).msg).toBe('wrong_fund_password')
    t.app.clock.set(BANK_DAY_10AM + 25 * HOUR) // the next bank day, 11:00, inside the window
    const lifted = await selfUnfreeze(t, grant, 'withdraw')
    expect(lifted).toMatchObject({ status: 1, data: { withdraw: null, trading: null } })
    expect((await withdraw(t, grant, card)).msg).toBe('submit_ok')
    expect((await selfUnfreeze(t, grant, 'all')).msg).toBe('self_freeze_none')
    const trail = await t.app.db
      .selectFrom('audit')
      .select('action')
      .where('target', '=', `user:${grant.account}`)
      .orderBy('id')
      .execute()
    expect(trail.map((r) => r.action)).toEqual(['self.freeze', 'self.unfreeze'])
  })

  it('is lifted, for a user with a passkey, only with that passkey too (as money out)', async () => {
    const { grant } = await funded('100000')
    const phone = softAuthenticator()
    expect((await registerPasskey(t, grant, phone)).status).toBe(1)
    const since = (await selfFreeze(t, grant, 'withdraw')).data!.withdraw!.since
    t.app.clock.set(since + 24 * HOUR)
    const lift = (form: Record<string, string>) =>
      brokerApi(
        t.url,
        '/user/selfUnfreeze',
        { what: 'withdraw', fund_password: FUND_PASSWORD, ...form },
        asPage(t, grant),
      )
    expect((await lift({})).msg).toBe('second_factor_required')
    expect((await panel(t, grant)).self_freeze.withdraw).not.toBeNull()
    const lifted = await lift({ passkey: await confirmation(t, grant, phone) })
    expect(lifted).toMatchObject({ status: 1, data: { withdraw: null } })
  })

  it('of trading refuses the user’s buys and sells, and not their withdrawals', async () => {
    const { grant, card } = await funded('2000000')
    const bought = await buy(t, grant, { code: TOYOTA })
    expect(bought.status).toBe(1)
    expect((await selfFreeze(t, grant, 'trading')).status).toBe(1)
    expect((await buy(t, grant, { code: TOYOTA })).msg).toBe('self_frozen_trading')
    const holding = (bought.data as { id: string }).id
    t.app.clock.set(t.app.clock.now() + HOUR)
    expect((await sell(t, grant, { id: holding })).msg).toBe('self_frozen_trading')
    t.app.clock.set(BANK_DAY_10AM)
    expect((await withdraw(t, grant, card)).msg).toBe('submit_ok')
  })

  it('of trading refuses every other order too: day trading, follow products, IPO, block', async () => {
    const { grant } = await funded('100000')
    const orders: Array<[string, Record<string, string>]> = [
      ['/trade/daytradeApply', { type: 'jpy', money: '50000', idem: idem() }],
      ['/trade/daytradeOrder', { id: '1', code: TOYOTA, side: 'buy', num: '100', idem: idem() }],
      [
        '/trade/productbuy',
        { id: '1', money: '10000', fund_password: FUND_PASSWORD, idem: idem() },
      ],
      ['/trade/subscribe', { id: '1', num: '100', idem: idem() }],
      ['/trade/blockbuy', { id: '1', num: '100', fund_password: FUND_PASSWORD, idem: idem() }],
    ]
    // Open, each is refused by its own rules (no such participation, product, offer; or accepted).
    for (const [path, form] of orders) {
      const open = await brokerApi(t.url, path, { ...form, idem: idem() }, session(grant))
      expect(open.msg, path).not.toBe('self_frozen_trading')
    }
    expect((await selfFreeze(t, grant, 'trading')).status).toBe(1)
    for (const [path, form] of orders) {
      const frozen = await brokerApi(t.url, path, { ...form, idem: idem() }, session(grant))
      expect(frozen.msg, path).toBe('self_frozen_trading')
    }
  })

  it('of all covers both, and a retry of a withdrawal made before it gets its first answer', async () => {
    const { grant, card } = await funded('100000')
    const key = 'before-the-freeze'
    const first = await withdraw(t, grant, card, { idem: key })
    expect(first.status).toBe(1)
    expect((await selfFreeze(t, grant, 'all')).data).toMatchObject({
      withdraw: { scope: 'withdraw' },
      trading: { scope: 'trading' },
    })
    expect(await withdraw(t, grant, card, { idem: key })).toMatchObject({
      status: 1,
      data: first.data,
    })
    expect((await withdraw(t, grant, card)).msg).toBe('self_frozen_withdraw')
    expect((await buy(t, grant, { code: TOYOTA })).msg).toBe('self_frozen_trading')
  })
})
