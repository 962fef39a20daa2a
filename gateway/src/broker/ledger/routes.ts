import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import {
  FUND_LINES_PER_PAGE,
  fundlistRequest,
  walletsRequest,
  type FundLine,
  type Wallet,
} from '@kabu/shared/api/ledger'
import { CURRENCIES, type Currency } from '@kabu/shared/money/currencies'
import { epochAtLocal } from '@kabu/shared/market/time-zone'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE } from '@kabu/shared/market/types'
import type { BrokerCalls } from '../common/broker-calls'
import type { Database } from '../../store/index'
import { unitsToWire } from '../common/wire-money'
import { fundLines } from './fundlist.sql'
import { allUserBalances } from './ledger.sql'
import type { UserBook } from './index'

/** `/user/wallets` and `/user/fundlist`: the user's own balances and ledger lines, read-only. */
export function ledgerRoutes(deps: { db: Kysely<Database> }): BrokerCalls {
  return (routes) => {
    routes.authed('/user/wallets', walletsRequest, async ({ user }) => {
      const rows = await allUserBalances(deps.db, user.userId)
      const balanceOf = (currency: Currency, book: UserBook) =>
        rows.find((r) => r.currency === currency && r.book === book)?.balance ?? 0n
      const wallets: Wallet[] = CURRENCIES.map((currency) => ({
        currency,
        available: unitsToWire(balanceOf(currency, 'available')),
        frozen: unitsToWire(balanceOf(currency, 'frozen')),
      }))
      return ok(wallets)
    })

    routes.authed('/user/fundlist', fundlistRequest, async ({ input, user }) => {
      const { type, page, kind, book, currency, from, to } = input
      const rows = await fundLines(deps.db, {
        userId: user.userId,
        currency: currency ?? CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]],
        kind,
        book,
        // Days as the app counts them, in Tokyo: from 00:00 of `from` to 24:00 of `to`.
        since: from === undefined ? undefined : epochAtLocal('jp', from, 0),
        until: to === undefined ? undefined : epochAtLocal('jp', to, 24 * 60),
        limit: FUND_LINES_PER_PAGE,
        offset: (page - 1) * FUND_LINES_PER_PAGE,
      })
      const lines: FundLine[] = rows.map((r) => ({
        kind: r.kind,
        order_no: r.order_no,
        money: unitsToWire(r.amount),
        balance_after: unitsToWire(r.balance_after),
        book: r.book as UserBook,
        currency: r.currency as Currency,
        created: Number(r.created_at),
      }))
      return ok(lines)
    })
  }
}
