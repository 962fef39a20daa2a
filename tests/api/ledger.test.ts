import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FundLine, Wallet } from '@kabu/shared/api/ledger'
import type { SessionGrant, Userinfo } from '@kabu/shared/api/user'
import { CURRENCIES } from '@kabu/shared/money/currencies'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import type { LedgerKind } from '@kabu/shared/lines/index'

/** The ledger on the wire: getUserinfo's balances, /user/wallets and /user/fundlist. */

let t: TestApp
let demo: SessionGrant

beforeAll(async () => {
  t = await startTestApp()
  demo = await brokerData<SessionGrant>(t.url, '/user/login', DEMO)
})
afterEach(() => expectLedgerConsistent(t.app.db))
afterAll(() => t.stop())

let registered = 0
async function newcomer(): Promise<SessionGrant & { userId: bigint }> {
  registered++
  const account = `ledgerapi${registered}`
  const password = 'pass-word-1'
  const grant = await brokerData<SessionGrant>(t.url, '/user/register', {
    account,
    password,
    password2: password,
    invite: DEMO.invite,
    agree: '1',
  })
  const row = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow()
  return { ...grant, userId: row.id }
}

/** Money moved the way the flows move it: a ledger transaction in a SQL transaction. */
function post(userId: bigint, kind: LedgerKind, orderNo: string, amount: bigint, frozen = false) {
  const book = frozen ? 'frozen' : 'available'
  const from = frozen
    ? { user: userId, book: 'available' as const, currency: 'JPY' as const }
    : { house: 'bank_clearing' as const, currency: 'JPY' as const }
  return t.app.db.transaction().execute((trx) =>
    t.app.broker.ledger.post(trx, {
      kind,
      userId,
      orderNo,
      postings: [
        { account: from, amount: -amount },
        { account: { user: userId, book, currency: 'JPY' }, amount },
      ],
    }),
  )
}

describe('/user/wallets', () => {
  it('lists the nine currencies, empty for a newcomer', async () => {
    const user = await newcomer()
    const wallets = await brokerData<Wallet[]>(t.url, '/user/wallets', {}, session(user))
    expect(wallets.map((w) => w.currency)).toEqual([...CURRENCIES])
    expect(wallets.every((w) => w.available === '0' && w.frozen === '0')).toBe(true)
  })

  it('shows available and frozen as the ledger holds them, exactly', async () => {
    const user = await newcomer()
    await post(user.userId, 'deposit', 'D-1', 123_456_789n)
    await post(user.userId, 'withdraw_freeze', 'W-1', 3_456_789n, true)
    const wallets = await brokerData<Wallet[]>(t.url, '/user/wallets', {}, session(user))
    expect(wallets.find((w) => w.currency === 'JPY')).toEqual({
      currency: 'JPY',
      available: '12000',
      frozen: '345.6789',
    })
    const info = await brokerData<Userinfo>(
      t.url,
      '/user/getUserinfo',
      { type: 'jpy' },
      session(user),
    )
    expect(info.jpy).toBe('12000')
  })

  it('needs a session', async () => {
    const answer = await brokerApi(t.url, '/user/wallets')
    expect(answer.http).toBe(401)
    expect(answer.msg).toBe('please_login_again')
  })
})

describe('/user/fundlist', () => {
  it('pages the user’s own lines newest first, filtered by kind and book', async () => {
    const user = await newcomer()
    const stranger = await newcomer()
    await post(stranger.userId, 'deposit', 'S-1', 10_000n)
    for (let i = 1; i <= 22; i++) await post(user.userId, 'deposit', `D-${i}`, 10_000n)
    await post(user.userId, 'withdraw_freeze', 'W-1', 5_000n, true)

    const page1 = await brokerData<FundLine[]>(
      t.url,
      '/user/fundlist',
      { type: 'jpy' },
      session(user),
    )
    expect(page1).toHaveLength(20)
    expect(page1[0]).toMatchObject({ kind: 'withdraw_freeze', order_no: 'W-1', book: 'frozen' })
    expect(page1[1]).toMatchObject({ order_no: 'W-1', money: '-0.5', balance_after: '21.5' })
    expect(page1[2]).toMatchObject({ kind: 'deposit', order_no: 'D-22', balance_after: '22' })
    const page2 = await brokerData<FundLine[]>(
      t.url,
      '/user/fundlist',
      { type: 'jpy', page: '2' },
      session(user),
    )
    expect(page2.map((l) => l.order_no)).toEqual(['D-4', 'D-3', 'D-2', 'D-1'])
    expect(page2.every((l) => typeof l.created === 'number')).toBe(true)
    const all = [...page1, ...page2]
    expect(all.some((l) => l.order_no === 'S-1')).toBe(false)

    const freezes = await brokerData<FundLine[]>(
      t.url,
      '/user/fundlist',
      { type: 'jpy', kind: 'withdraw_freeze' },
      session(user),
    )
    expect(freezes).toHaveLength(2)
    const frozenBook = await brokerData<FundLine[]>(
      t.url,
      '/user/fundlist',
      { type: 'jpy', book: 'frozen' },
      session(user),
    )
    expect(frozenBook.map((l) => l.money)).toEqual(['0.5'])
    const usd = await brokerData<FundLine[]>(
      t.url,
      '/user/fundlist',
      { type: 'usd' },
      session(user),
    )
    expect(usd).toEqual([])
    const byCurrency = await brokerData<FundLine[]>(
      t.url,
      '/user/fundlist',
      { type: 'usd', currency: 'JPY', kind: 'withdraw_freeze' },
      session(user),
    )
    expect(byCurrency).toEqual(freezes)
  })

  it('filters by days counted in Tokyo, from 00:00 of `from` to 24:00 of `to`', async () => {
    const user = await newcomer()
    const tokyo = (day: number, hour: number) => Date.UTC(2026, 2, day, hour - 9, 30)
    t.app.clock.set(tokyo(2, 23)) // 2 March 23:30 in Tokyo
    await post(user.userId, 'deposit', 'DAY-2', 10_000n)
    t.app.clock.set(tokyo(3, 0)) // 3 March 00:30 in Tokyo (still 2 March in UTC)
    await post(user.userId, 'deposit', 'DAY-3', 10_000n)
    t.app.clock.set(tokyo(4, 0))
    await post(user.userId, 'deposit', 'DAY-4', 10_000n)
    const days = async (form: Record<string, string>) =>
      (
        await brokerData<FundLine[]>(
          t.url,
          '/user/fundlist',
          { type: 'jpy', ...form },
          session(user),
        )
      ).map((l) => l.order_no)
    expect(await days({ from: '2026-03-03', to: '2026-03-03' })).toEqual(['DAY-3'])
    expect(await days({ from: '2026-03-03' })).toEqual(['DAY-4', 'DAY-3'])
    expect(await days({ to: '2026-03-03' })).toEqual(['DAY-3', 'DAY-2'])
    expect(await days({ from: '2026-03-05' })).toEqual([])
  })

  it('answers bad filters with invalid_input', async () => {
    const forms: Record<string, string>[] = [
      { page: '0' },
      { page: '-1' },
      { page: '1.5' },
      { page: 'x' },
      { type: 'eur' },
      { kind: 'DROP TABLE' },
      { book: 'house' },
      { currency: 'EUR' },
      { currency: 'jpy' },
      { from: '2026-02-30' },
      { to: '2026-3-1' },
      { from: '9999-99-99' },
      { from: '2026-03-04', to: '2026-03-03' },
    ]
    for (const form of forms) {
      const answer = await brokerApi(t.url, '/user/fundlist', form, session(demo))
      expect(answer.msg, JSON.stringify(form)).toBe('invalid_input')
    }
  })
})
