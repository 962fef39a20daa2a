import type { LoanInfo, LoanRecord } from '@kabu/shared/api/loans'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'

/** The loan screens' calls: the actors of loan.machine.ts. */

export const fetchLoanInfo = (type: MarketType) => brokerPost<LoanInfo>('/user/loanInfo', { type })

export const fetchLoans = (type: MarketType) => brokerPost<LoanRecord[]>('/user/loanlist', { type })

export const requestLoan = (input: { type: MarketType; money: string; idem: string }) =>
  brokerPost<{ id: string }>('/user/loan', { ...input })

export const repayLoan = (input: {
  id: string
  money: string
  fundPassword: string
  idem: string
}) =>
  brokerPost<{ id: string; paid: string; interest: string }>('/user/repay', {
    id: input.id,
    money: input.money,
    fund_password: input.fundPassword,
    idem: input.idem,
  })
