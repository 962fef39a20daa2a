import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WithdrawalRecord } from '@kabu/shared/api/funds'
import type { InboxPage } from '@kabu/shared/api/inbox'
import type { FundLine } from '@kabu/shared/api/ledger'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD, newUser, submitIdentity } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import {
  approve,
  available,
  BANK_DAY_10AM,
  fund,
  idem,
  lendYen,
  readyUser,
  reject,
  startFundsApp,
  wallets,
  withdraw as withdrawAs,
  withdrawRules,
} from './funds.support'

let t: TestApp
let n = 0
const account = () => `wd${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

const withdraw = (grant: SessionGrant, card: string, form: Record<string, string> = {}) =>
  withdrawAs(t, grant, card, form)
const list = (grant: SessionGrant) =>
  brokerData<WithdrawalRecord[]>(t.url, '/user/withdrawallist', { type: 'jpy' }, session(grant))
const idOf = (answer: BrokerAnswer) => (answer.data as { id: string }).id

/** A ready user holding `money` yen. */
async function funded(money: string) {
  const user = await readyUser(t, account())
  await fund(t, user.grant, money)
  return user
}

describe('the published withdrawal rules', () => {
  it('are listed with their state for the user before they type', async () => {
    const fresh = await newUser(t, account())
    expect(await withdrawRules(t, fresh)).toEqual({
      currency: 'JPY',
      verified: false,
      card_bound: false,
      fund_password_set: false,
      window: '09:00-15:30',
      window_open: true,
      min: '10000',
      withdrawable: '0',
    })
    const { grant } = await funded('50000')
    expect(await withdrawRules(t, grant, 'usd')).toMatchObject({
      verified: true,
      card_bound: true,
      fund_password_set: true,
      currency: 'USD',
      min: '65.79',
    })
  })

  it('need verified identity', async () => {
    const fresh = await newUser(t, account())
    expect((await withdraw(fresh, '1')).msg).toBe('realname_required')
    await submitIdentity(t, fresh)
    expect((await withdraw(fresh, '1')).msg).toBe('realname_reviewing')
  })

  it("need the user's own bound card", async () => {
    const { grant } = await funded('50000')
    const other = await readyUser(t, account())
    expect((await withdraw(grant, other.card)).msg).toBe('card_not_found')
    expect((await withdraw(grant, '999999')).msg).toBe('card_not_found')
    expect((await withdraw(grant, 'abc')).msg).toBe('card_not_found')
  })

  it('need the fund password', async () => {
    const { grant, card } = await funded('50000')
    expect((await withdraw(grant, card, { fund_password: '' })).msg).toBe('wrong_fund_password')
    expect((await withdraw(grant, card, { fund_password: '000000' })).msg).toBe(
      'wrong_fund_password',
    )
    const missing = await brokerApi(
      t.url,
      '/user/withdraw',
      { type: 'jpy', money: '20000', bank_id: card, idem: idem() },
      session(grant),
    )
    expect(missing.msg).toBe('wrong_fund_password')
    expect(await available(t, grant)).toBe('50000')
  })

  it('hold on bank business days from 9:00 to 15:30 Tokyo time only', async () => {
    const { grant, card } = await funded('100000')
    const jst = (y: number, m: number, d: number, h: number, min: number) =>
      Date.UTC(y, m - 1, d, h - 9, min)
    for (const at of [
      jst(2026, 3, 3, 8, 59),
      jst(2026, 3, 3, 15, 31),
      jst(2026, 3, 7, 10, 0), // Saturday
      jst(2026, 3, 20, 10, 0), // 春分の日
      jst(2025, 12, 31, 10, 0),
      jst(2026, 1, 2, 10, 0),
    ]) {
      t.app.clock.set(at)
      expect((await withdraw(grant, card)).msg, new Date(at).toISOString()).toBe(
        'withdraw_window_closed',
      )
    }
    t.app.clock.set(jst(2026, 3, 3, 9, 0))
    expect((await withdraw(grant, card)).status).toBe(1)
    t.app.clock.set(jst(2026, 3, 3, 15, 30))
    expect((await withdraw(grant, card)).status).toBe(1)
  })

  it('need at least the minimum, a valid amount, and no more than withdrawable cash', async () => {
    const { grant, card } = await funded('30000')
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'amount_required'],
      ['9999', 'amount_below_minimum'],
      ['10000.5', 'amount_invalid'],
      ['-10000', 'amount_invalid'],
      ['0', 'amount_invalid'],
      ['30001', 'insufficient_balance'],
    ]
    for (const [money, key] of cases) {
      const form = money === undefined ? { money: '' } : { money }
      const answer = await brokerApi(
        t.url,
        '/user/withdraw',
        {
          type: 'jpy',
          bank_id: card,
          fund_password: FUND_PASSWORD,
          idem: idem(),
          ...(money === undefined ? {} : form),
        },
        session(grant),
      )
      expect([money, answer.msg]).toEqual([money, key])
    }
    expect(await list(grant)).toEqual([])
    expect((await withdraw(grant, card, { money: '30000' })).status).toBe(1)
  })

  it('exclude borrowed money from what can be withdrawn', async () => {
    const { grant, card } = await funded('50000')
    // A credit line of 30,000 yen: cash the user holds but owes.
    await lendYen(t, grant, 30_000n)
    expect(await available(t, grant)).toBe('80000')
    expect((await withdrawRules(t, grant)).withdrawable).toBe('50000')
    expect((await withdraw(grant, card, { money: '50001' })).msg).toBe('insufficient_balance')
    expect((await withdraw(grant, card, { money: '50000' })).status).toBe(1)
  })
})

describe('a withdrawal', () => {
  it('freezes the amount at once, and pays it out on approval', async () => {
    const { grant, card } = await funded('50000')
    const answer = await withdraw(grant, card, { money: '20000' })
    expect(answer).toMatchObject({ status: 1, msg: 'submit_ok' })
    expect((await wallets(t, grant)).JPY).toMatchObject({ available: '30000', frozen: '20000' })
    const [pending] = await list(grant)
    expect(pending).toMatchObject({
      id: idOf(answer),
      status: 0,
      money: '20000',
      fee: '0',
      decided: null,
      paid: null,
      card_number_masked: '***4567',
    })
    expect(pending?.created).toBeGreaterThanOrEqual(BANK_DAY_10AM)

    // Approved (and so paid) seven minutes on: the record says when the money left, read from
    // the ledger's payment line, the time its timeline shows (issue 34 item 12).
    const paidAt = BANK_DAY_10AM + 7 * 60_000
    t.app.clock.set(paidAt)
    expect((await approve(t, 'withdraw', idOf(answer))).status).toBe(1)
    expect((await wallets(t, grant)).JPY).toMatchObject({ available: '30000', frozen: '0' })
    const [paid] = await list(grant)
    expect(paid?.status).toBe(1)
    expect(paid?.decided).toBeGreaterThanOrEqual(paid!.created)
    // The clock runs on from where it was set.
    expect(paid?.paid).toBeGreaterThanOrEqual(paidAt)
    expect(paid?.paid).toBeLessThan(paidAt + 60_000)
    const lines = await brokerData<FundLine[]>(
      t.url,
      '/user/fundlist',
      { type: 'jpy', kind: 'withdraw_pay' },
      session(grant),
    )
    expect(lines.map((l) => [l.order_no, l.created])).toEqual([[paid!.order_no, paid!.paid]])

    expect((await approve(t, 'withdraw', idOf(answer))).status).toBe(0)
    expect((await reject(t, 'withdraw', idOf(answer), 'late')).status).toBe(0)
    expect((await wallets(t, grant)).JPY).toMatchObject({ available: '30000', frozen: '0' })
  })

  it('is unfrozen with the reason when rejected', async () => {
    const { grant, card } = await funded('50000')
    const answer = await withdraw(grant, card, { money: '20000' })
    expect((await reject(t, 'withdraw', idOf(answer), 'account name mismatch')).status).toBe(1)
    expect((await wallets(t, grant)).JPY).toMatchObject({ available: '50000', frozen: '0' })
    expect((await list(grant))[0]).toMatchObject({
      status: 2,
      reason: 'account name mismatch',
      paid: null,
    })
    const inbox = await brokerData<InboxPage>(t.url, '/user/messages', {}, session(grant))
    expect(inbox.list[0]).toMatchObject({
      title: 'review.withdraw.rejected.title',
      params: { amount: '20,000', currency: 'JPY', reason: 'account name mismatch' },
    })
    expect((await approve(t, 'withdraw', idOf(answer))).status).toBe(0)
    expect((await wallets(t, grant)).JPY).toMatchObject({ available: '50000', frozen: '0' })
  })

  it('answers retries with the first result: 100 concurrent requests, one ledger transaction', async () => {
    const { grant, card } = await funded('50000')
    const key = idem()
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => withdraw(grant, card, { money: '20000', idem: key })),
    )
    // Each concurrent try also counts against the fund-password throttle, so a request that comes
    // before any answer exists may be told too_frequent; every other one gets the one answer.
    const answered = answers.filter((a) => a.status === 1)
    expect(answers.filter((a) => a.status !== 1).map((a) => a.msg)).toEqual(
      answers.filter((a) => a.status !== 1).map(() => 'too_frequent'),
    )
    expect(answered.length).toBeGreaterThanOrEqual(1)
    expect(new Set(answered.map(idOf)).size).toBe(1)
    const retry = await withdraw(grant, card, { money: '20000', idem: key })
    expect(idOf(retry)).toBe(idOf(answered[0]!))
    const freezes = await t.app.db
      .selectFrom('ledger_transactions')
      .innerJoin('users', 'users.id', 'ledger_transactions.user_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('users.account', '=', grant.account)
      .where('kind', '=', 'withdraw_freeze')
      .executeTakeFirstOrThrow()
    expect(Number(freezes.n)).toBe(1)
    expect(await list(grant)).toHaveLength(1)
    expect((await wallets(t, grant)).JPY).toMatchObject({ available: '30000', frozen: '20000' })
    expect((await withdraw(grant, card, { money: '20001', idem: key })).msg).toBe(
      'idempotency_conflict',
    )
    // Each queued retry runs the rules again (a fund-password hash each): slow on a busy machine.
  }, 60_000)

  it('shows each user only their own withdrawals', async () => {
    const a = await funded('50000')
    const b = await readyUser(t, account())
    await withdraw(a.grant, a.card)
    expect(await list(b.grant)).toEqual([])
  })
})
