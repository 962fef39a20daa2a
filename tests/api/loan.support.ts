import type { LoanInfo, LoanRecord } from '@kabu/shared/api/loans'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Currency } from '@kabu/shared/money/currencies'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { fund, idem, ops, readyUser } from './funds.support'

/** Helpers of the credit-loan tests. */

export const DAY_MS = 86_400_000

export const loanInfo = (t: TestApp, grant: SessionGrant, type = 'jpy') =>
  brokerData<LoanInfo>(t.url, '/user/loanInfo', { type }, session(grant))

export const loanList = (t: TestApp, grant: SessionGrant, type = 'jpy') =>
  brokerData<LoanRecord[]>(t.url, '/user/loanlist', { type }, session(grant))

export function requestLoan(
  t: TestApp,
  grant: SessionGrant,
  form: Record<string, string> = {},
): Promise<BrokerAnswer> {
  return brokerApi(
    t.url,
    '/user/loan',
    { type: 'jpy', money: '100000', idem: idem(), ...form },
    session(grant),
  )
}

export function repay(
  t: TestApp,
  grant: SessionGrant,
  form: Record<string, string>,
): Promise<BrokerAnswer> {
  return brokerApi(
    t.url,
    '/user/repay',
    { fund_password: FUND_PASSWORD, idem: idem(), ...form },
    session(grant),
  )
}

export const idOf = (answer: BrokerAnswer) => (answer.data as { id: string }).id

export const decideLoan = (t: TestApp, id: string, reject?: string) =>
  reject === undefined
    ? ops(t, 'POST', `/reviews/loan/${id}/approve`)
    : ops(t, 'POST', `/reviews/loan/${id}/reject`, { reason: reject })

/** A verified user with a card and fund password, who has deposited `money` yen. */
export async function depositor(t: TestApp, account: string, money = '1000000') {
  const user = await readyUser(t, account)
  await fund(t, user.grant, money)
  return user
}

/** A depositor whose loan of `money` has been approved; the loan's id. */
export async function borrower(t: TestApp, account: string, money = '100000') {
  const user = await depositor(t, account)
  const answer = await requestLoan(t, user.grant, { money })
  if (answer.status !== 1) throw new Error(`loan refused: ${answer.msg}`)
  const approved = await decideLoan(t, idOf(answer))
  if (approved.status !== 1) throw new Error(`approve refused: ${approved.msg}`)
  return { ...user, loanId: idOf(answer) }
}

/** The balance of a house book, all its shards, straight from the ledger (0 before any posting). */
export const houseBook = (t: TestApp, book: 'loans' | 'fees', currency: Currency = 'JPY') =>
  t.app.broker.ledger.houseBalance(t.app.db, book, currency)

/** A fresh session (the clock may have moved past the old one's 30 days). */
export const relogin = (t: TestApp, grant: SessionGrant) =>
  brokerData<SessionGrant>(t.url, '/user/login', {
    account: grant.account,
    password: `pass-${grant.account}`,
  })
