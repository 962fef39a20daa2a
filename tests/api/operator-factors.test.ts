import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperatorFactors, OperatorSession } from '@kabu/shared/api/ops'
import type { TotpSetup } from '@kabu/shared/api/second-factor'
import { startTestApp, type TestApp } from '../support/app'
import type { RequestOptions } from '../support/soft-authenticator'
import { softAuthenticator } from '../support/soft-authenticator'
import {
  PASSWORD,
  asConsole,
  codeOf,
  enrolPasskey,
  enrolTotp,
  login,
  newOperator,
  offerOf,
  signOffer,
  tokenOf,
} from './operator-factors.support'
import { opsAs } from './operators.support'

/**
 * Issue 17: operators' passkeys and TOTP (ops/operators/factors.ts on broker/common/factors), with
 * a software authenticator that signs as a phone does. Once an operator holds a factor, the
 * password alone opens nothing; each factor is good once.
 */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.stop())

const auditOf = (who: string) =>
  t.app.db
    .selectFrom('audit')
    .select(['operator', 'action', 'operator_id'])
    .where('target', '=', `operator:${who}`)
    .where('action', '!=', 'operator.create')
    .orderBy('id')
    .execute()

describe('an operator’s passkey', () => {
  it('is enrolled behind the password again, audited with the person', async () => {
    const who = await newOperator(t)
    const token = tokenOf(await login(t, who))
    const phone = softAuthenticator()
    expect(await enrolPasskey(t, token, phone, { password: 'not-my-password' })).toMatchObject({
      http: 409,
      status: 0,
      msg: 'wrong_old_password',
    })
    expect(await enrolPasskey(t, token, phone, { name: 'desk key' })).toMatchObject({
      status: 1,
    })
    const factors = (await asConsole(t, token, 'GET', '/operators/me/factors'))
      .data as OperatorFactors
    expect(factors).toMatchObject({ passkeys: [{ name: 'desk key' }], totp: false })
    expect(await auditOf(who.login)).toEqual([
      expect.objectContaining({ action: 'operator.passkey_add', operator_id: expect.anything() }),
    ])
    expect((await auditOf(who.login))[0]?.operator).toMatch(new RegExp(`^${who.login}#\\d+$`))
    // Operators' credentials are kept apart from customers'.
    expect(await t.app.db.selectFrom('passkeys').select('id').execute()).toEqual([])
  })

  it('is then needed at login: the password alone gets the options to sign, no session', async () => {
    const who = await newOperator(t)
    const phone = softAuthenticator()
    expect(await enrolPasskey(t, tokenOf(await login(t, who)), phone)).toMatchObject({ status: 1 })

    const first = await login(t, who)
    expect(first).toMatchObject({ http: 401, status: 0, msg: 'second_factor_required' })
    expect(offerOf(first).totp).toBe(false)
    expect((offerOf(first).passkey as RequestOptions).allowCredentials).toHaveLength(1)

    const assertion = signOffer(t, first, phone)
    const second = await login(t, { ...who, passkey: assertion })
    expect(second).toMatchObject({ http: 200, status: 1, msg: 'login_ok' })
    const me = await opsAs(t, tokenOf(second), 'GET', '/me')
    expect((me.data as OperatorSession).operator.login).toBe(who.login)

    // The same assertion again: its challenge is spent.
    expect(await login(t, { ...who, passkey: assertion })).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })
    // A wrong password never reaches the factor, and gets no options.
    const wrong = await login(t, { ...who, password: 'not-my-password' })
    expect(wrong).toMatchObject({ status: 0, msg: 'wrong_account_or_password' })
    expect(wrong.data).toBeUndefined()
  })

  it('signed by another authenticator, or for another origin, opens nothing', async () => {
    const who = await newOperator(t)
    const phone = softAuthenticator()
    await enrolPasskey(t, tokenOf(await login(t, who)), phone)
    const stranger = softAuthenticator()
    stranger.create(
      { challenge: 'x', rp: { name: 'x' }, user: { id: 'eA', name: who.login } },
      t.url,
    )
    const offer = offerOf(await login(t, who)).passkey as RequestOptions
    const foreign = JSON.stringify(stranger.get({ ...offer, allowCredentials: [] }, t.url))
    expect(await login(t, { ...who, passkey: foreign })).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })
    const elsewhere = offerOf(await login(t, who)).passkey as RequestOptions
    const phished = JSON.stringify(phone.get(elsewhere, 'http://evil.example'))
    expect(await login(t, { ...who, passkey: phished })).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })
  })

  it('is removed only with itself and the password', async () => {
    const who = await newOperator(t)
    const phone = softAuthenticator()
    await enrolPasskey(t, tokenOf(await login(t, who)), phone)
    const first = await login(t, who)
    const token = tokenOf(await login(t, { ...who, passkey: signOffer(t, first, phone) }))
    const [key] = (
      (await asConsole(t, token, 'GET', '/operators/me/factors')).data as OperatorFactors
    ).passkeys
    const path = `/operators/me/passkeys/${key?.id}/delete`
    // Another operator's session cannot name it, whatever it sends.
    const other = tokenOf(await login(t, await newOperator(t, 'admin')))
    expect(await asConsole(t, other, 'POST', path, { password: PASSWORD })).toMatchObject({
      http: 404,
      msg: 'passkey_not_found',
    })
    expect(await asConsole(t, token, 'POST', path, { password: PASSWORD })).toMatchObject({
      status: 0,
      msg: 'second_factor_required',
    })
    const options = await asConsole(t, token, 'POST', '/operators/me/passkeys/confirm-options')
    const passkey = JSON.stringify(phone.get(options.data as RequestOptions, t.url))
    expect(await asConsole(t, token, 'POST', path, { password: PASSWORD, passkey })).toMatchObject({
      status: 1,
    })
    expect(await login(t, who)).toMatchObject({ status: 1 })
    expect((await auditOf(who.login)).map((a) => a.action)).toEqual([
      'operator.passkey_add',
      'operator.passkey_remove',
    ])
  })
})

describe('an operator’s TOTP, the fallback', () => {
  it('shows its secret as an otpauth URI and is enabled only by a right code', async () => {
    const who = await newOperator(t)
    const token = tokenOf(await login(t, who))
    const setup = (await asConsole(t, token, 'POST', '/operators/me/totp/setup')).data as TotpSetup
    expect(setup.uri).toMatch(new RegExp(`^otpauth://totp/.*${who.login}.*secret=${setup.secret}`))
    const wrong = String((Number(await codeOf(setup.secret)) + 1) % 1_000_000).padStart(6, '0')
    expect(
      await asConsole(t, token, 'POST', '/operators/me/totp/enable', {
        code: wrong,
        password: PASSWORD,
      }),
    ).toMatchObject({ status: 0, msg: 'totp_invalid' })
    expect(await login(t, who)).toMatchObject({ status: 1 })
  })

  it('is needed at login; a wrong code is refused, and a right code works once', async () => {
    const who = await newOperator(t)
    const secret = await enrolTotp(t, tokenOf(await login(t, who)))
    const first = await login(t, who)
    expect(first).toMatchObject({ http: 401, msg: 'second_factor_required' })
    expect(offerOf(first)).toEqual({ totp: true, passkey: null })

    const right = await codeOf(secret, 1)
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    expect(await login(t, { ...who, totp: wrong })).toMatchObject({
      status: 0,
      msg: 'totp_invalid',
    })
    expect(await login(t, { ...who, totp: right })).toMatchObject({ status: 1, msg: 'login_ok' })
    // Replayed: the same code (its time step) is never accepted twice.
    expect(await login(t, { ...who, totp: right })).toMatchObject({
      status: 0,
      msg: 'totp_invalid',
    })
    // Nor is the code the enrolment used, an earlier step.
    expect(await login(t, { ...who, totp: await codeOf(secret) })).toMatchObject({
      status: 0,
      msg: 'totp_invalid',
    })
  })

  it('stops guessing after five wrong codes, even when the sixth is right', async () => {
    const who = await newOperator(t)
    const secret = await enrolTotp(t, tokenOf(await login(t, who)))
    const right = await codeOf(secret, 1)
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < 5; i++) {
      expect(await login(t, { ...who, totp: wrong })).toMatchObject({ msg: 'totp_invalid' })
    }
    expect(await login(t, { ...who, totp: right })).toMatchObject({
      status: 0,
      msg: 'too_frequent',
    })
  })
})

describe('OPS_REQUIRE_SECOND_FACTOR', () => {
  let strict: TestApp
  beforeAll(async () => {
    strict = await startTestApp({ env: { OPS_REQUIRE_SECOND_FACTOR: '1' } })
  })
  afterAll(() => strict?.stop())

  it('lets a session without a factor only enrol one, until a login with it', async () => {
    const who = await newOperator(strict)
    const bare = tokenOf(await login(strict, who))
    expect((await opsAs(strict, bare, 'GET', '/me')).data).toMatchObject({
      second_factor_needed: true,
    })
    expect(await opsAs(strict, bare, 'GET', '/reviews?kind=deposit')).toMatchObject({
      http: 403,
      msg: 'second_factor_not_set',
    })
    const secret = await enrolTotp(strict, bare)
    // Enrolling does not lift this session: it was opened with the password alone.
    expect((await opsAs(strict, bare, 'GET', '/reviews?kind=deposit')).http).toBe(403)
    const full = tokenOf(await login(strict, { ...who, totp: await codeOf(secret, 1) }))
    expect((await opsAs(strict, full, 'GET', '/me')).data).toMatchObject({
      second_factor_needed: false,
    })
    expect(await opsAs(strict, full, 'GET', '/reviews?kind=deposit')).toMatchObject({
      http: 200,
      status: 1,
    })
    // Scripts' token is no person and is not held back.
    expect((await opsAs(strict, strict.app.config.opsToken, 'GET', '/audit')).http).toBe(200)
  })

  it('is off in the demo by default, so the printed logins work as they are', () => {
    expect(t.app.config.opsRequireSecondFactor).toBe(false)
    expect(strict.app.config.opsRequireSecondFactor).toBe(true)
  })
})
