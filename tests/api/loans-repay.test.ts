import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { available, BANK_DAY_10AM, idem, startFundsApp } from './funds.support'
import {
  borrower,
  DAY_MS,
  houseBook,
  loanInfo,
  loanList,
  relogin,
  repay,
  requestLoan,
} from './loan.support'

let t: TestApp
let n = 0
const account = () => `rp${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

const userinfo = (grant: { token: string; account: string }) =>
  brokerData<Record<string, unknown>>(t.url, '/user/getUserinfo', { type: 'jpy' }, session(grant))

describe('interest', () => {
  it('accrues by the clock, every started day at the disclosed daily rate', async () => {
    const { grant } = await borrower(t, account(), '100000')
    t.app.clock.set(BANK_DAY_10AM + 3 * DAY_MS)
    expect((await loanList(t, grant))[0]).toMatchObject({ interest: '150', owed: '100150' })
    t.app.clock.set(BANK_DAY_10AM + 3 * DAY_MS + 60_000)
    expect((await loanList(t, grant))[0]).toMatchObject({ interest: '200', owed: '100200' })
  })
})

describe('/user/repay', () => {
  it('refuses a wrong fund password, a short amount, bad amounts and strangers', async () => {
    const { grant, loanId } = await borrower(t, account(), '100000')
    const other = await borrower(t, account(), '1000')
    t.app.clock.set(BANK_DAY_10AM + 2 * DAY_MS)
    const before = await available(t, grant)
    expect(
      (await repay(t, grant, { id: loanId, money: '200000', fund_password: '000000' })).msg,
    ).toBe('wrong_fund_password')
    expect((await repay(t, grant, { id: loanId, money: '100099' })).msg).toBe(
      'repay_less_than_loan',
    )
    for (const money of ['0', '-1', '100100.5', 'x']) {
      expect((await repay(t, grant, { id: loanId, money })).msg, money).toBe('amount_invalid')
    }
    const missing = await brokerApi(
      t.url,
      '/user/repay',
      { id: loanId, idem: idem(), fund_password: '135790' },
      session(grant),
    )
    expect(missing.msg).toBe('amount_required')
    expect((await repay(t, grant, { id: other.loanId, money: '200000' })).msg).toBe('not_found')
    expect((await repay(t, grant, { id: 'abc', money: '200000' })).msg).toBe('not_found')
    expect(await available(t, grant)).toBe(before)
    expect((await loanList(t, grant))[0]?.status).toBe(1)
  })

  it('takes principal plus interest from available cash and clears the debt', async () => {
    const { grant, loanId } = await borrower(t, account(), '100000')
    const loansBook = await houseBook(t, 'loans')
    const fees = await houseBook(t, 'fees')
    t.app.clock.set(BANK_DAY_10AM + 3 * DAY_MS)
    const key = idem()
    // More than owed is a ceiling, not a gift: only what is owed is taken.
    const answer = await repay(t, grant, { id: loanId, money: '100200', idem: key })
    expect(answer).toMatchObject({ status: 1, msg: 'repay_ok' })
    expect(answer.data).toMatchObject({ paid: '100150', interest: '150' })
    expect(await userinfo(grant)).toMatchObject({ jpy: '999850', jpyyjed: '0' })
    expect(await houseBook(t, 'loans')).toBe(loansBook + 2n * 100_000_0000n)
    expect(await houseBook(t, 'fees')).toBe(fees + 150_0000n)
    expect((await loanList(t, grant))[0]).toMatchObject({
      status: 3,
      interest: '150',
      owed: '0',
    })
    expect((await loanList(t, grant))[0]?.repaid).toBeGreaterThanOrEqual(BANK_DAY_10AM + 3 * DAY_MS)
    // A retry answers as before and moves nothing; a new request finds nothing owed.
    const again = await repay(t, grant, { id: loanId, money: '100200', idem: key })
    expect(again.data).toEqual(answer.data)
    expect((await repay(t, grant, { id: loanId, money: '100200' })).msg).toBe('not_found')
    expect(await available(t, grant)).toBe('999850')
  })

  it('refuses when available cash does not cover what is owed', async () => {
    const { grant, card, loanId } = await borrower(t, account(), '100000')
    // Withdraw everything withdrawable: what is left is exactly the borrowed money.
    const out = await brokerApi(
      t.url,
      '/user/withdraw',
      { type: 'jpy', money: '1000000', bank_id: card, fund_password: '135790', idem: idem() },
      session(grant),
    )
    expect(out.status).toBe(1)
    expect((await repay(t, grant, { id: loanId, money: '100050' })).msg).toBe(
      'insufficient_balance',
    )
    expect(await userinfo(grant)).toMatchObject({ jpy: '100000', jpyyjed: '100000' })
  })

  it('lets exactly one of concurrent repayments through', async () => {
    const { grant, loanId } = await borrower(t, account(), '100000')
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => repay(t, grant, { id: loanId, money: '100050' })),
    )
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 1).map((a) => a.msg)).toEqual(
      Array(4).fill('not_found'),
    )
    expect(await available(t, grant)).toBe('999950')
  })
})

describe('borrowed money and the record', () => {
  it('is never withdrawable', async () => {
    const { grant, card } = await borrower(t, account(), '100000')
    const withdraw = (money: string) =>
      brokerApi(
        t.url,
        '/user/withdraw',
        { type: 'jpy', money, bank_id: card, fund_password: '135790', idem: idem() },
        session(grant),
      )
    expect((await withdraw('1000001')).msg).toBe('insufficient_balance')
    expect((await withdraw('1000000')).status).toBe(1)
    expect((await withdraw('10000')).msg).toBe('insufficient_balance')
  })

  it('raises the score for a loan repaid on time, and an overdue loan closes the limit', async () => {
    const first = await borrower(t, account(), '1000')
    expect((await repay(t, first.grant, { id: first.loanId, money: '1001' })).status).toBe(1)
    expect(await loanInfo(t, first.grant)).toMatchObject({ credit_score: 75, limit: '750000' })
    expect((await requestLoan(t, first.grant, { money: '750000' })).status).toBe(1)

    const late = await borrower(t, account(), '1000')
    t.app.clock.set(BANK_DAY_10AM + 31 * DAY_MS)
    const grant = await relogin(t, late.grant)
    expect(await loanInfo(t, grant)).toMatchObject({
      credit_score: 21,
      limit: '0',
      factors: { overdue: 1 },
    })
    // Repaid late: it no longer blocks the limit, but earns no points either.
    expect((await repay(t, grant, { id: late.loanId, money: '2000' })).status).toBe(1)
    expect(await loanInfo(t, grant)).toMatchObject({
      credit_score: 71,
      factors: { overdue: 0, repaid_on_time: 0 },
    })
  })
})
