import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BankCard } from '@kabu/shared/api/banks'
import type { SessionGrant } from '@kabu/shared/api/user'
import { bankCardOf } from '../../gateway/src/broker/banks/service'
import { startTestApp, type TestApp } from '../support/app'
import {
  decideIdentity,
  FUND_PASSWORD,
  newUser,
  setFundPassword,
  submitIdentity,
  verifiedUser,
} from '../support/identity'
import { session, brokerApi, brokerData } from '../support/broker'

let t: TestApp
let user: SessionGrant
beforeAll(async () => {
  t = await startTestApp({ env: { REVIEW_POLICY: 'manual' } })
  user = await verifiedUser(t, 'bankuser1')
})
afterAll(() => t.stop())

const CARD = {
  holder: 'ﾔﾏﾀﾞ　ﾀﾛｳ',
  bank_name: 'みずほ銀行',
  bank_code: '0001',
  branch_name: '東京営業部',
  branch_code: '001',
  account_type: 'ordinary',
  card_number: '1234567',
  fund_password: FUND_PASSWORD,
}

const add = (grant: SessionGrant, overrides: Record<string, string> = {}) =>
  brokerApi(t.url, '/user/bankAdd', { ...CARD, ...overrides }, session(grant))
const list = (grant: SessionGrant) =>
  brokerData<BankCard[]>(t.url, '/user/banks', {}, session(grant))
const cardRows = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('bank_cards')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('binding a bank card', () => {
  it('starts with no cards', async () => {
    expect(await list(user)).toEqual([])
  })

  it('refuses bad fields with their keys and writes nothing', async () => {
    const before = await cardRows()
    const refusals: Array<[Record<string, string>, string]> = [
      [{ holder: '山田太郎' }, 'holder_not_katakana'],
      [{ holder: 'Yamada Taro' }, 'holder_not_katakana'],
      [{ holder: 'やまだ たろう' }, 'holder_not_katakana'],
      [{ holder: '' }, 'holder_not_katakana'],
      [{ holder: 'ア'.repeat(31) }, 'holder_not_katakana'],
      [{ bank_code: '001' }, 'invalid_input'],
      [{ bank_code: '00a1' }, 'invalid_input'],
      [{ branch_code: '0001' }, 'invalid_input'],
      [{ card_number: '123456' }, 'invalid_input'],
      [{ card_number: '12345678' }, 'invalid_input'],
      [{ account_type: 'checking' }, 'invalid_input'],
      [{ bank_name: '' }, 'invalid_input'],
      [{ branch_name: 'x'.repeat(41) }, 'invalid_input'],
      [{ fund_password: '000000' }, 'wrong_fund_password'],
      [{ fund_password: '' }, 'wrong_fund_password'],
    ]
    for (const [overrides, msg] of refusals) {
      expect(await add(user, overrides), JSON.stringify(overrides)).toMatchObject({
        status: 0,
        msg,
      })
    }
    const { fund_password: _, ...withoutPassword } = CARD
    expect(await brokerApi(t.url, '/user/bankAdd', withoutPassword, session(user))).toMatchObject({
      msg: 'wrong_fund_password',
    })
    expect(await cardRows()).toBe(before)
  })

  it('binds one, folding half-width katakana and full-width digits, and shows it masked', async () => {
    const answer = await add(user, { card_number: '１２３４５６７' })
    expect(answer).toMatchObject({ status: 1, msg: 'add_ok' })
    const { id } = answer.data as { id: number }
    expect(await list(user)).toEqual([
      {
        id,
        holder: 'ヤマダ タロウ',
        bank_name: 'みずほ銀行',
        bank_code: '0001',
        branch_name: '東京営業部',
        branch_code: '001',
        account_type: 'ordinary',
        card_number_masked: '***4567',
      },
    ])
    const raw = await brokerApi(t.url, '/user/banks', {}, session(user))
    expect(JSON.stringify(raw.data)).not.toContain('1234567')
  })

  it('refuses the same account twice, however it is typed', async () => {
    expect(await add(user, { holder: 'ヤマダ タロウ' })).toMatchObject({
      status: 0,
      msg: 'card_exists',
    })
    // Another account type of the same number is another account.
    expect(await add(user, { account_type: 'savings' })).toMatchObject({ status: 1 })
  })

  it('lets one of two simultaneous identical binds in', async () => {
    const form = { card_number: '7654321' }
    const answers = await Promise.all([add(user, form), add(user, form)])
    expect(answers.map((a) => a.msg).sort()).toEqual(['add_ok', 'card_exists'])
  })

  it('gives its masked card to bankCardOf, and nothing of another user', async () => {
    const [card] = await list(user)
    const users = await t.app.db.selectFrom('users').select(['id', 'account']).execute()
    const ownerId = users.find((u) => u.account === user.account)!.id
    const demoId = users.find((u) => u.account !== user.account)!.id
    expect(await bankCardOf(t.app.db, ownerId, BigInt(card!.id))).toEqual({
      id: BigInt(card!.id),
      bank_name: 'みずほ銀行',
      branch_name: '東京営業部',
      card_number_masked: '***4567',
    })
    expect(await bankCardOf(t.app.db, demoId, BigInt(card!.id))).toBeUndefined()
  })
})

describe('who may bind a card', () => {
  it('needs verified identity: required, reviewing, not passed after a refusal, then the card', async () => {
    const newcomer = await newUser(t, 'bankuser2')
    await setFundPassword(t, newcomer)
    expect(await add(newcomer)).toMatchObject({ status: 0, msg: 'realname_required' })
    expect((await submitIdentity(t, newcomer)).status).toBe(1)
    expect(await add(newcomer)).toMatchObject({ status: 0, msg: 'realname_reviewing' })
    await decideIdentity(t, newcomer.account, { approve: false, reason: 'blurred' })
    expect(await add(newcomer)).toMatchObject({ status: 0, msg: 'realname_not_passed' })
    expect((await submitIdentity(t, newcomer)).status).toBe(1)
    await decideIdentity(t, newcomer.account, { approve: true })
    // The same bank account may be bound by two users (a family account, say): not card_exists.
    expect(await add(newcomer)).toMatchObject({ status: 1, msg: 'add_ok' })
  })

  it('needs a fund password to be set', async () => {
    const noPin = await newUser(t, 'bankuser3')
    expect((await submitIdentity(t, noPin)).status).toBe(1)
    await decideIdentity(t, noPin.account, { approve: true })
    expect(await add(noPin)).toMatchObject({ status: 0, msg: 'fund_password_not_set' })
  })
})

describe('unbinding a card', () => {
  it("refuses unknown ids, another user's card and a wrong fund password", async () => {
    const [card] = await list(user)
    const other = await verifiedUser(t, 'bankuser4')
    const del = (grant: SessionGrant, form: Record<string, string>) =>
      brokerApi(t.url, '/user/bankDel', form, session(grant))
    expect(await del(user, { id: '999999', fund_password: FUND_PASSWORD })).toMatchObject({
      msg: 'card_not_found',
    })
    expect(await del(user, { id: 'abc', fund_password: FUND_PASSWORD })).toMatchObject({
      msg: 'card_not_found',
    })
    expect(await del(other, { id: String(card!.id), fund_password: FUND_PASSWORD })).toMatchObject({
      msg: 'card_not_found',
    })
    expect(await del(user, { id: String(card!.id), fund_password: '000000' })).toMatchObject({
      msg: 'wrong_fund_password',
    })
    expect((await list(user)).map((c) => c.id)).toContain(card!.id)
  })

  it('unbinds with the fund password; the card is gone and may be bound again', async () => {
    const before = await list(user)
    const [card] = before
    const answer = await brokerApi(
      t.url,
      '/user/bankDel',
      { id: String(card!.id), fund_password: FUND_PASSWORD },
      session(user),
    )
    expect(answer).toMatchObject({ status: 1, msg: 'unbind_ok' })
    expect((await list(user)).map((c) => c.id)).not.toContain(card!.id)
    expect(await list(user)).toHaveLength(before.length - 1)
    expect(
      await brokerApi(
        t.url,
        '/user/bankDel',
        { id: String(card!.id), fund_password: FUND_PASSWORD },
        session(user),
      ),
    ).toMatchObject({ msg: 'card_not_found' })
    expect(await add(user)).toMatchObject({ status: 1, msg: 'add_ok' })
  })
})

describe('how many cards one user may bind (BANK_CARDS_MAX, 5 by default)', () => {
  const cardNo = (i: number) => String(3_000_000 + i)

  it('refuses a sixth live card with bank_cards_limit, writing nothing, and takes one after an unbind', async () => {
    const owner = await verifiedUser(t, 'bankcap01')
    for (let i = 0; i < 5; i++) {
      expect(await add(owner, { card_number: cardNo(i) })).toMatchObject({ status: 1 })
    }
    const before = await cardRows()
    expect(await add(owner, { card_number: cardNo(5) })).toMatchObject({
      status: 0,
      msg: 'bank_cards_limit',
    })
    expect(await cardRows()).toBe(before)
    const [first] = await list(owner)
    await brokerApi(
      t.url,
      '/user/bankDel',
      { id: String(first!.id), fund_password: FUND_PASSWORD },
      session(owner),
    )
    expect(await add(owner, { card_number: cardNo(5) })).toMatchObject({ status: 1 })
    expect(await list(owner)).toHaveLength(5)
  })

  it('never passes the limit when binds race', async () => {
    const owner = await verifiedUser(t, 'bankcap02')
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => add(owner, { card_number: cardNo(100 + i) })),
    )
    // The fund password's own throttle may turn some away first (too_frequent); none passes the cap.
    const bound = answers.filter((a) => a.status === 1).length
    expect(bound).toBeLessThanOrEqual(5)
    for (const a of answers.filter((a) => a.status !== 1)) {
      expect(['bank_cards_limit', 'too_frequent']).toContain(a.msg)
    }
    expect(await list(owner)).toHaveLength(bound)
    // How many the throttle turned away depends on timing; the cap itself must then hold: the
    // cards up to five bind, the sixth is refused by the limit.
    for (let i = bound; i < 5; i++) await add(owner, { card_number: cardNo(200 + i) })
    expect(await list(owner)).toHaveLength(5)
    expect(await add(owner, { card_number: cardNo(300) })).toMatchObject({
      status: 0,
      msg: 'bank_cards_limit',
    })
  })
})
