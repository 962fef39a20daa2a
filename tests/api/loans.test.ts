import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { available, BANK_DAY_10AM, idem, startFundsApp } from './funds.support'
import {
  borrower,
  decideLoan,
  depositor,
  houseBook,
  idOf,
  loanInfo,
  loanList,
  relogin,
  requestLoan,
} from './loan.support'

let t: TestApp
let n = 0
const account = () => `ln${Date.now() % 100000}${n++}`
const loanRows = async () => {
  const row = await t.app.db
    .selectFrom('loans')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

describe('the published credit formula', () => {
  it('gives a new unverified account the base score and no limit', async () => {
    const grant = await newUser(t, account())
    expect(await loanInfo(t, grant)).toEqual({
      credit_score: 50,
      limit: '0',
      loaned: '0',
      rate_daily: '0.0005',
      pending: '0',
      currency: 'JPY',
      term_days: 30,
      factors: {
        verified: false,
        account_age_days: 0,
        deposits: '0',
        repaid_on_time: 0,
        overdue: 0,
      },
    })
  })

  it('adds identity and account age, and lends deposits × score ÷ 100 per wallet', async () => {
    const { grant } = await depositor(t, account(), '1000000')
    const now = await loanInfo(t, grant)
    expect(now).toMatchObject({ credit_score: 70, limit: '700000' })
    expect(now.factors).toMatchObject({ verified: true, deposits: '1000000' })
    // The US wallet has no deposits of its own, so nothing to lend against.
    expect(await loanInfo(t, grant, 'usd')).toMatchObject({ limit: '0', currency: 'USD' })
    t.app.clock.set(BANK_DAY_10AM + 61 * 86_400_000)
    const later = await relogin(t, grant)
    expect(await loanInfo(t, later)).toMatchObject({ credit_score: 72, limit: '720000' })
  })
})

describe('/user/loan', () => {
  it('refuses bad amounts, unverified users and more than the limit, writing nothing', async () => {
    const { grant } = await depositor(t, account(), '1000000')
    const before = await loanRows()
    const missing = await brokerApi(
      t.url,
      '/user/loan',
      { type: 'jpy', idem: idem() },
      session(grant),
    )
    expect(missing.msg).toBe('amount_required')
    for (const money of ['0', '-5', '1.5', 'abc', '1e5']) {
      expect((await requestLoan(t, grant, { money })).msg, money).toBe('amount_invalid')
    }
    expect((await requestLoan(t, grant, { money: '700001' })).msg).toBe('loan_limit_insufficient')
    expect((await requestLoan(t, grant, { idem: 'bad idem!' })).msg).toBe('invalid_input')
    expect((await requestLoan(t, grant, { type: 'eur' })).msg).toBe('invalid_input')
    const stranger = await newUser(t, account())
    expect((await requestLoan(t, stranger, { money: '1' })).msg).toBe('realname_required')
    expect(await loanRows()).toBe(before)
  })

  it('takes one request at a time per wallet, and a retry gets its first answer', async () => {
    const { grant } = await depositor(t, account(), '1000000')
    const key = idem()
    const first = await requestLoan(t, grant, { money: '700000', idem: key })
    expect(first).toMatchObject({ status: 1, msg: 'loan_ok' })
    expect(await requestLoan(t, grant, { money: '700000', idem: key })).toMatchObject({
      status: 1,
      data: first.data,
    })
    expect((await requestLoan(t, grant, { money: '5', idem: key })).msg).toBe(
      'idempotency_conflict',
    )
    expect((await requestLoan(t, grant, { money: '5' })).msg).toBe('loan_pending')
    expect(await loanInfo(t, grant)).toMatchObject({ pending: '700000', loaned: '0' })
    const [row] = await loanList(t, grant)
    expect(row).toMatchObject({ id: idOf(first), status: 0, money: '700000', interest: '0' })
  })

  it('on approval credits available cash and records the debt getUserinfo shows', async () => {
    const { grant } = await borrower(t, account(), '100000')
    const info = await brokerData<Record<string, unknown>>(
      t.url,
      '/user/getUserinfo',
      { type: 'jpy' },
      session(grant),
    )
    expect(info).toMatchObject({ jpy: '1100000', jpyyjed: '100000' })
    expect(await loanInfo(t, grant)).toMatchObject({ loaned: '100000', pending: '0' })
    const [row] = await loanList(t, grant)
    expect(row).toMatchObject({ status: 1, money: '100000', interest: '50', owed: '100050' })
    expect(row?.due).toBe((row?.decided ?? 0) + 30 * 86_400_000)
    expect((await requestLoan(t, grant, { money: '1' })).msg).toBe('unpaid_loan_exists')
  })

  it('on rejection moves no money and shows the reason', async () => {
    const { grant } = await depositor(t, account(), '500000')
    const answer = await requestLoan(t, grant, { money: '1000' })
    const loansBook = await houseBook(t, 'loans')
    expect((await decideLoan(t, idOf(answer), 'income_unconfirmed')).status).toBe(1)
    expect(await houseBook(t, 'loans')).toBe(loansBook)
    expect(await available(t, grant)).toBe('500000')
    expect((await loanList(t, grant))[0]).toMatchObject({
      status: 2,
      reason: 'income_unconfirmed',
      owed: '0',
      due: null,
    })
    // Decided once: a second decision is refused and changes nothing.
    expect((await decideLoan(t, idOf(answer))).status).toBe(0)
    expect(await available(t, grant)).toBe('500000')
  })

  it('auto review approves within the limit as it stands at decision time', async () => {
    const { grant } = await depositor(t, account(), '100000')
    const answer = await requestLoan(t, grant, { money: '70000' })
    const queue = t.app.broker.reviews.get('loan')
    const id = BigInt(idOf(answer))
    expect(await queue?.autoDecide?.(t.app.db, id)).toEqual({ approve: true })
    // Had the record changed so the amount no longer fits, the rules would refuse it.
    await t.app.db.updateTable('loans').set({ amount: 70_001_0000n }).where('id', '=', id).execute()
    expect(await queue?.autoDecide?.(t.app.db, id)).toEqual({
      approve: false,
      reason: 'loan_limit_insufficient',
    })
  })

  it('shows each user only their own loans', async () => {
    await borrower(t, account())
    const other = await depositor(t, account())
    expect(await loanList(t, other.grant)).toEqual([])
    expect(await loanInfo(t, other.grant)).toMatchObject({ loaned: '0', pending: '0' })
  })

  it('lets exactly one of concurrent requests through', async () => {
    const { grant } = await depositor(t, account(), '1000000')
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => requestLoan(t, grant, { money: '1000' })),
    )
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1)
    expect(answers.filter((a) => a.msg === 'loan_pending')).toHaveLength(5)
  })
})
