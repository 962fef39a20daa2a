import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SecondFactors } from '@kabu/shared/api/second-factor'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { softAuthenticator, type RequestOptions } from '../support/soft-authenticator'
import { session, brokerApi, brokerData } from '../support/broker'
import {
  BANK_DAY_10AM,
  fund,
  idem,
  readyUser,
  startFundsApp,
  wallets,
  withdraw as withdrawAs,
} from './funds.support'
import { asPage, confirmation, registerPasskey, type Phone } from './passkeys.support'

let t: TestApp
let n = 0
const account = () => `pk${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

const factors = (grant: SessionGrant) =>
  brokerData<SecondFactors>(t.url, '/user/secondFactors', {}, session(grant))

const withdraw = (grant: SessionGrant, card: string, form: Record<string, string> = {}) =>
  withdrawAs(t, grant, card, form, asPage(t, grant))

/** A ready user with 100,000 yen and a registered passkey on `phone`. */
async function enrolled(phone: Phone = softAuthenticator()) {
  const user = await readyUser(t, account())
  await fund(t, user.grant, '100000')
  const answer = await registerPasskey(t, user.grant, phone)
  expect(answer).toMatchObject({ status: 1, msg: 'add_ok' })
  return { ...user, phone }
}

describe('registering a passkey', () => {
  it('keeps a verified credential behind the fund password', async () => {
    const user = await readyUser(t, account())
    const phone = softAuthenticator()
    expect(await factors(user.grant)).toEqual({ passkeys: [], totp: false })

    const wrong = await registerPasskey(t, user.grant, phone, { fund_password: '000000' })
    expect(wrong).toMatchObject({ status: 0, msg: 'wrong_fund_password' })
    expect((await factors(user.grant)).passkeys).toEqual([])

    expect(await registerPasskey(t, user.grant, phone, { name: 'iPhone' })).toMatchObject({
      status: 1,
    })
    const listed = await factors(user.grant)
    expect(listed.passkeys).toMatchObject([{ name: 'iPhone', last_used: null }])
  })

  it('refuses a replayed attestation, another origin and an unverified user', async () => {
    const user = await readyUser(t, account())
    const phone = softAuthenticator()
    const options = await brokerData<Parameters<Phone['create']>[0]>(
      t.url,
      '/user/passkeyRegisterOptions',
      {},
      asPage(t, user.grant),
    )
    const register = (credential: unknown, origin = t.url) =>
      brokerApi(
        t.url,
        '/user/passkeyRegister',
        { credential: JSON.stringify(credential), fund_password: FUND_PASSWORD },
        { ...session(user.grant), origin },
      )
    // Signed for a page of another site: refused, and the challenge is spent.
    const elsewhere = phone.create(options, 'http://evil.example')
    expect(await register(elsewhere, 'http://evil.example')).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })
    expect(await register(phone.create(options, t.url))).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })

    const fresh = await brokerData<Parameters<Phone['create']>[0]>(
      t.url,
      '/user/passkeyRegisterOptions',
      {},
      asPage(t, user.grant),
    )
    const noPin = phone.create(fresh, t.url, { userVerified: false })
    expect(await register(noPin)).toMatchObject({ status: 0, msg: 'passkey_invalid' })
    expect(await register('not json')).toMatchObject({ status: 0, msg: 'passkey_invalid' })
    expect((await factors(user.grant)).passkeys).toEqual([])
  })

  it('asks for the passkey already held before adding another', async () => {
    const { grant, phone } = await enrolled()
    const second = softAuthenticator()
    expect(await registerPasskey(t, grant, second)).toMatchObject({
      status: 0,
      msg: 'second_factor_required',
    })
    const answer = await registerPasskey(t, grant, second, {
      passkey: await confirmation(t, grant, phone),
    })
    expect(answer).toMatchObject({ status: 1 })
    expect((await factors(grant)).passkeys).toHaveLength(2)
  })
})

describe('removing a passkey', () => {
  it('needs the passkey itself, and only the owner’s id removes anything', async () => {
    const owner = await enrolled()
    const other = await enrolled()
    const [theirs] = (await factors(owner.grant)).passkeys
    const del = (who: typeof owner, form: Record<string, string>) =>
      brokerApi(
        t.url,
        '/user/passkeyDel',
        { id: String(theirs?.id), fund_password: FUND_PASSWORD, ...form },
        asPage(t, who.grant),
      )
    expect(
      await del(other, { passkey: await confirmation(t, other.grant, other.phone) }),
    ).toMatchObject({ status: 0, msg: 'passkey_not_found' })
    expect(await del(owner, {})).toMatchObject({ status: 0, msg: 'second_factor_required' })
    expect((await factors(owner.grant)).passkeys).toHaveLength(1)
    expect(
      await del(owner, { passkey: await confirmation(t, owner.grant, owner.phone) }),
    ).toMatchObject({ status: 1, msg: 'delete_ok' })
    expect(await factors(owner.grant)).toEqual({ passkeys: [], totp: false })
  })
})

describe('a withdrawal confirmed by a passkey', () => {
  it('is refused without the passkey once one is enrolled, and nothing is frozen', async () => {
    const { grant, card } = await enrolled()
    const before = await wallets(t, grant)
    expect(await withdraw(grant, card)).toMatchObject({ status: 0, msg: 'second_factor_required' })
    // Empty fields, as a form sends them, are no factor either.
    expect(await withdraw(grant, card, { passkey: '', totp: '' })).toMatchObject({
      status: 0,
      msg: 'second_factor_required',
    })
    expect(await wallets(t, grant)).toEqual(before)
  })

  it('goes through with a fresh assertion, and a retry with its key gets the first answer', async () => {
    const { grant, card, phone } = await enrolled()
    const form = { passkey: await confirmation(t, grant, phone), idem: idem() }
    const first = await withdraw(grant, card, form)
    expect(first).toMatchObject({ status: 1, msg: 'submit_ok' })
    // The challenge is spent, but a retry of the same command is answered from its record.
    expect(await withdraw(grant, card, form)).toEqual({ ...first, headers: expect.anything() })
    expect((await wallets(t, grant)).JPY).toMatchObject({ frozen: '20000' })
    expect((await factors(grant)).passkeys[0]?.last_used).toBeGreaterThanOrEqual(BANK_DAY_10AM)
  })

  it('refuses a replayed, expired, tampered or foreign assertion', async () => {
    const { grant, card, phone } = await enrolled()
    const used = await confirmation(t, grant, phone)
    expect(await withdraw(grant, card, { passkey: used })).toMatchObject({ status: 1 })
    // replayed: the same assertion under a new idempotency key
    expect(await withdraw(grant, card, { passkey: used })).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })

    // expired: the challenge lives five minutes on the app's clock
    const late = await confirmation(t, grant, phone)
    t.app.clock.set(t.app.clock.now() + 5 * 60_000 + 1000)
    expect(await withdraw(grant, card, { passkey: late })).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })
    t.app.clock.set(BANK_DAY_10AM)

    // tampered: one bit of the signature flipped
    const good = JSON.parse(await confirmation(t, grant, phone)) as {
      response: { signature: string }
    }
    const sig = Buffer.from(good.response.signature, 'base64url')
    sig[sig.length - 1] = (sig[sig.length - 1] ?? 0) ^ 1
    good.response.signature = sig.toString('base64url')
    expect(await withdraw(grant, card, { passkey: JSON.stringify(good) })).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })

    // foreign: another user's passkey answering this user's challenge
    const other = await enrolled()
    const options = await brokerData<RequestOptions>(
      t.url,
      '/user/passkeyConfirmOptions',
      {},
      asPage(t, grant),
    )
    const foreign = other.phone.get({ ...options, allowCredentials: [] }, t.url)
    expect(await withdraw(grant, card, { passkey: JSON.stringify(foreign) })).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })
    // a login challenge does not confirm a withdrawal
    const login = await brokerData<RequestOptions>(
      t.url,
      '/user/passkeyLoginOptions',
      {},
      asPage(t),
    )
    const wrongPurpose = JSON.stringify(phone.get(login, t.url))
    expect(await withdraw(grant, card, { passkey: wrongPurpose })).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    })
    expect((await wallets(t, grant)).JPY).toMatchObject({ frozen: '20000' })
  })
})

describe('one assertion, two requests at once', () => {
  it('confirms exactly one of them: the challenge is used up in one statement', async () => {
    const { grant, card, phone } = await enrolled()
    const passkey = await confirmation(t, grant, phone)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => withdraw(grant, card, { passkey })),
    )
    expect(answers.map((a) => a.msg).sort()).toEqual([
      'passkey_invalid',
      'passkey_invalid',
      'passkey_invalid',
      'submit_ok',
    ])
    expect((await wallets(t, grant)).JPY).toMatchObject({ frozen: '20000' })
  })
})

describe('bank-card changes', () => {
  it('need the passkey to bind and to unbind a card', async () => {
    const { grant, card, phone } = await enrolled()
    const form = {
      holder: 'ヤマダ ハナコ',
      bank_name: 'りそな銀行',
      bank_code: '0010',
      branch_name: '本店',
      branch_code: '002',
      account_type: 'ordinary',
      card_number: '7654321',
      fund_password: FUND_PASSWORD,
    }
    const add = (extra: Record<string, string> = {}) =>
      brokerApi(t.url, '/user/bankAdd', { ...form, ...extra }, asPage(t, grant))
    expect(await add()).toMatchObject({ status: 0, msg: 'second_factor_required' })
    expect(await add({ passkey: await confirmation(t, grant, phone) })).toMatchObject({
      status: 1,
      msg: 'add_ok',
    })
    const del = (extra: Record<string, string> = {}) =>
      brokerApi(
        t.url,
        '/user/bankDel',
        { id: card, fund_password: FUND_PASSWORD, ...extra },
        asPage(t, grant),
      )
    expect(await del()).toMatchObject({ status: 0, msg: 'second_factor_required' })
    expect(await del({ passkey: await confirmation(t, grant, phone) })).toMatchObject({
      status: 1,
      msg: 'unbind_ok',
    })
  })
})
