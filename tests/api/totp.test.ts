import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SecondFactors, TotpSetup } from '@kabu/shared/api/second-factor'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { softAuthenticator } from '../support/soft-authenticator'
import { session, brokerApi, brokerData } from '../support/broker'
import { fund, readyUser, startFundsApp, wallets, withdraw as withdrawAs } from './funds.support'
import { asPage, confirmation, registerPasskey } from './passkeys.support'

let t: TestApp
let n = 0
const account = () => `tp${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())

/** The code an authenticator app shows now, or `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

const withdraw = (grant: SessionGrant, card: string, form: Record<string, string> = {}) =>
  withdrawAs(t, grant, card, form, asPage(t, grant))

async function withTotp() {
  const user = await readyUser(t, account())
  await fund(t, user.grant, '100000')
  const setup = await brokerData<TotpSetup>(t.url, '/user/totpSetup', {}, session(user.grant))
  expect(setup.uri).toMatch(/^otpauth:\/\/totp\//)
  const enable = await brokerApi(
    t.url,
    '/user/totpEnable',
    { code: await codeOf(setup.secret), fund_password: FUND_PASSWORD },
    asPage(t, user.grant),
  )
  expect(enable).toMatchObject({ status: 1 })
  return { ...user, secret: setup.secret }
}

describe('TOTP, the fallback factor', () => {
  it('is enabled only with a code of its secret and the fund password', async () => {
    const { grant } = await readyUser(t, account())
    expect(
      await brokerApi(
        t.url,
        '/user/totpEnable',
        { code: '123456', fund_password: FUND_PASSWORD },
        asPage(t, grant),
      ),
    ).toMatchObject({ status: 0, msg: 'totp_not_set_up' })
    const setup = await brokerData<TotpSetup>(t.url, '/user/totpSetup', {}, session(grant))
    const wrongCode = String((Number(await codeOf(setup.secret)) + 1) % 1_000_000).padStart(6, '0')
    expect(
      await brokerApi(
        t.url,
        '/user/totpEnable',
        { code: wrongCode, fund_password: FUND_PASSWORD },
        asPage(t, grant),
      ),
    ).toMatchObject({ status: 0, msg: 'totp_invalid' })
    expect(
      await brokerApi(
        t.url,
        '/user/totpEnable',
        { code: await codeOf(setup.secret), fund_password: '000000' },
        asPage(t, grant),
      ),
    ).toMatchObject({ status: 0, msg: 'wrong_fund_password' })
    expect(
      (await brokerData<SecondFactors>(t.url, '/user/secondFactors', {}, session(grant))).totp,
    ).toBe(false)
  })

  it('confirms a withdrawal with a code, each code once, and refuses a wrong one', async () => {
    const { grant, card, secret } = await withTotp()
    expect(await withdraw(grant, card)).toMatchObject({ status: 0, msg: 'second_factor_required' })
    expect(await withdraw(grant, card, { totp: '000000' })).toMatchObject({
      status: 0,
      msg: 'totp_invalid',
    })
    // The code that enabled it was used: the next step's code works (one step of drift is allowed).
    const next = await codeOf(secret, 1)
    expect(await withdraw(grant, card, { totp: next })).toMatchObject({ status: 1 })
    expect(await withdraw(grant, card, { totp: next })).toMatchObject({
      status: 0,
      msg: 'totp_invalid',
    })
    expect((await wallets(t, grant)).JPY).toMatchObject({ frozen: '20000' })
  })

  it('stops guessing after five wrong codes, though the fund password was right', async () => {
    const { grant, card } = await withTotp()
    const answers = []
    for (let i = 0; i < 6; i++) answers.push((await withdraw(grant, card, { totp: '000000' })).msg)
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('totp_invalid'))
    expect(answers[5]).toBe('too_frequent')
  })

  it('takes a double tap of one code once, counts none of its copies, and takes the next code', async () => {
    const user = await readyUser(t, account())
    await fund(t, user.grant, '1000000')
    const { grant, card } = user
    const setup = await brokerData<TotpSetup>(t.url, '/user/totpSetup', {}, session(grant))
    // Enabled with the previous period's code, so that the tap's code and the next one are both
    // inside the one step of drift allowed either side of now.
    const enabled = await brokerApi(
      t.url,
      '/user/totpEnable',
      { code: await codeOf(setup.secret, -1), fund_password: FUND_PASSWORD },
      asPage(t, grant),
    )
    expect(enabled).toMatchObject({ status: 1 })
    const code = await codeOf(setup.secret)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(grant, card, { totp: code })),
    )
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1)
    // The copies are refused as a used code is; too_frequent is the fund password's throttle
    // turning away tries still in flight, which it does not keep.
    const refused = new Set(answers.filter((a) => a.status !== 1).map((a) => a.msg))
    expect([...refused].filter((msg) => msg !== 'totp_invalid' && msg !== 'too_frequent')).toEqual(
      [],
    )
    const next = await withdraw(grant, card, { totp: await codeOf(setup.secret, 1) })
    expect(next).toMatchObject({ status: 1 })
  })

  it('is turned off only with a code, and a passkey user needs the passkey to add it', async () => {
    const { grant, secret } = await withTotp()
    const off = (form: Record<string, string>) =>
      brokerApi(
        t.url,
        '/user/totpDisable',
        { fund_password: FUND_PASSWORD, ...form },
        asPage(t, grant),
      )
    expect(await off({})).toMatchObject({ status: 0, msg: 'second_factor_required' })
    expect(await off({ totp: await codeOf(secret, 1) })).toMatchObject({ status: 1 })

    const phone = softAuthenticator()
    expect(await registerPasskey(t, grant, phone)).toMatchObject({ status: 1 })
    const setup = await brokerData<TotpSetup>(t.url, '/user/totpSetup', {}, session(grant))
    const enable = (form: Record<string, string>) =>
      brokerApi(
        t.url,
        '/user/totpEnable',
        { code: form.code ?? '', fund_password: FUND_PASSWORD, ...form },
        asPage(t, grant),
      )
    expect(await enable({ code: await codeOf(setup.secret) })).toMatchObject({
      status: 0,
      msg: 'second_factor_required',
    })
    expect(
      await enable({
        code: await codeOf(setup.secret),
        passkey: await confirmation(t, grant, phone),
      }),
    ).toMatchObject({ status: 1 })
  })
})
