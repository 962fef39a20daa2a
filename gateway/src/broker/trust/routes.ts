import { ok } from '@kabu/shared/api/envelope'
import {
  ledgerExportRequest,
  selfFreezeRequest,
  selfUnfreezeRequest,
  trustRequest,
  type TrustPanel,
} from '@kabu/shared/api/trust'
import type { Currency } from '@kabu/shared/money/currencies'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { proofOf } from '../common/second-factor'
import type { BrokerCalls } from '../common/broker-calls'
import type { SelfFreezes } from './self-freeze'
import type { TrustService } from './service'

/** The wallet a request names: `currency` when given, else the market's. */
const currencyOf = (r: { type?: MarketType; currency?: Currency }): Currency =>
  r.currency ?? CURRENCY_OF_MARKET[MARKET_OF_TYPE[r.type ?? 'jpy']]

/** `/user/trust`, `/user/ledgerExport`, `/user/selfFreeze` and `/user/selfUnfreeze`. */
export function trustRoutes(trust: TrustService, freezes: SelfFreezes): BrokerCalls {
  return (routes) => {
    routes.authed('/user/trust', trustRequest, async ({ input, user }) => {
      return ok<TrustPanel>(await trust.panel(user.userId, currencyOf(input)))
    })

    routes.authedFile('/user/ledgerExport', ledgerExportRequest, async ({ input, user }) => {
      const currency = currencyOf(input)
      const { csv } = await trust.ledgerCsv(user.userId, currency)
      return {
        filename: `ledger-${user.account}-${currency}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: csv,
      }
    })

    routes.authed('/user/selfFreeze', selfFreezeRequest, async ({ input, user }) => {
      const { what, fund_password } = input
      return ok(await freezes.freeze(user, what, fund_password), 'submit_ok')
    })

    routes.authed('/user/selfUnfreeze', selfUnfreezeRequest, async (call) => {
      const { what, fund_password } = call.input
      return ok(await freezes.unfreeze(call.user, what, fund_password, proofOf(call)), 'submit_ok')
    })
  }
}
