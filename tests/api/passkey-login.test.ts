import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SecondFactors } from '@kabu/shared/api/second-factor'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { softAuthenticator, type RequestOptions } from '../support/soft-authenticator'
import { session, brokerApi, brokerData } from '../support/broker'
import { readyUser, startFundsApp } from './funds.support'
import { asPage, registerPasskey, type Phone } from './passkeys.support'

// Logging in with a passkey, and the verifySecondFactor port (passkeys.test.ts has the rest).

let t: TestApp
let n = 0
const account = () => `pl${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())

const factors = (grant: SessionGrant) =>
  brokerData<SecondFactors>(t.url, '/user/secondFactors', {}, session(grant))

/** A ready user with a registered passkey on `phone`. */
async function enrolled(phone: Phone = softAuthenticator()) {
  const user = await readyUser(t, account())
  const answer = await registerPasskey(t, user.grant, phone)
  expect(answer).toMatchObject({ status: 1, msg: 'add_ok' })
  return { ...user, phone }
}

describe('logging in with a passkey', () => {
  async function loginAssertion(phone: Phone) {
    const options = await brokerData<RequestOptions>(
      t.url,
      '/user/passkeyLoginOptions',
      {},
      asPage(t),
    )
    expect(options.allowCredentials ?? []).toEqual([])
    return JSON.stringify(phone.get(options, t.url))
  }

  it('opens the same session a password login does, once per challenge', async () => {
    const { grant, phone } = await enrolled()
    const credential = await loginAssertion(phone)
    const answer = await brokerApi(t.url, '/user/passkeyLogin', { credential }, asPage(t))
    expect(answer).toMatchObject({ status: 1, msg: 'login_ok', data: { account: grant.account } })
    const fresh = answer.data as SessionGrant
    expect(fresh.token).not.toBe(grant.token)
    expect(await factors(fresh)).toMatchObject({ totp: false })

    expect(await brokerApi(t.url, '/user/passkeyLogin', { credential }, asPage(t))).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })
  })

  it('after the account is typed, accepts only that account’s passkey', async () => {
    const { grant, phone } = await enrolled()
    const other = await enrolled()
    const theirs = await brokerApi(
      t.url,
      '/user/passkeyLogin',
      { credential: await loginAssertion(other.phone), account: grant.account },
      asPage(t),
    )
    expect(theirs).toMatchObject({ status: 0, msg: 'passkey_invalid' })
    const mine = await brokerApi(
      t.url,
      '/user/passkeyLogin',
      { credential: await loginAssertion(phone), account: grant.account.toUpperCase() },
      asPage(t),
    )
    expect(mine).toMatchObject({ status: 1, data: { account: grant.account } })
  })

  it('refuses a frozen account as the password login does', async () => {
    const { grant, phone } = await enrolled()
    await t.app.db
      .updateTable('users')
      .set({ status: 'frozen' })
      .where('account', '=', grant.account)
      .execute()
    const credential = await loginAssertion(phone)
    expect(await brokerApi(t.url, '/user/passkeyLogin', { credential }, asPage(t))).toMatchObject({
      status: 0,
      msg: 'account_frozen',
    })
  })
})

describe('verifySecondFactor, for other areas', () => {
  it('passes a user with no factor unless one is required', async () => {
    const { grant } = await readyUser(t, account())
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', grant.account)
      .executeTakeFirstOrThrow()
    const verify = t.app.broker.secondFactor.verifySecondFactor
    const site = { host: new URL(t.url).host, origin: t.url }
    expect(await verify(user.id, { site })).toBe('none')
    await expect(verify(user.id, { site }, { required: true })).rejects.toMatchObject({
      key: 'second_factor_not_set',
    })
  })
})
