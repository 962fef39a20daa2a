import { ok } from '@kabu/shared/api/envelope'
import { loanInfoRequest, loanListRequest, loanRequest, repayRequest } from '@kabu/shared/api/loans'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { BrokerCalls } from '../common/broker-calls'
import type { LoanService } from './service'

const currencyOf = (type: MarketType) => CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]

/** `/user/loanInfo`, `/user/loan`, `/user/loanlist`, `/user/repay` (API.md "user"). */
export function loanRoutes(loans: LoanService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/loanInfo', loanInfoRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await loans.info(user.userId, currencyOf(type)))
    })

    routes.authed('/user/loan', loanRequest, async ({ input: form, user }) => {
      const answer = await loans.request(user, {
        currency: currencyOf(form.type),
        money: form.money,
        idem: form.idem,
      })
      return ok(answer, 'loan_ok')
    })

    routes.authed('/user/loanlist', loanListRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await loans.list(user.userId, currencyOf(type)))
    })

    routes.authed('/user/repay', repayRequest, async ({ input: form, user }) => {
      const answer = await loans.repay(user.userId, {
        id: BigInt(form.id),
        money: form.money,
        fundPassword: form.fund_password,
        idem: form.idem,
      })
      return ok(answer, 'repay_ok')
    })
  }
}
