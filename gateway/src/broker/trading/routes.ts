import { ok } from '@kabu/shared/api/envelope'
import {
  buyRequest,
  cancelRequest,
  listRequest,
  sellRequest,
  watchRequest,
} from '@kabu/shared/api/trade'
import { ustocksListRequest, ustocksRequest } from '@kabu/shared/api/credit'
import { amendRequest, orderInfoRequest, ordersRequest } from '@kabu/shared/api/orders'
import { MARKET_OF_TYPE } from '@kabu/shared/market/types'
import type { BrokerCalls } from '../common/broker-calls'
import { Refusal } from '../common/refusal'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { Kysely } from 'kysely'
import type { CreditService } from './credit'
import { endedList, openList } from './lists'
import type { createAmend } from './order-amend'
import type { OrderBook } from './order-book'
import type { TradingService } from './service'
import { watchSortRequest, type createWatchlist } from './watchlist'

export interface TradingRouteDeps {
  db: Kysely<Database>
  market: MarketService
  service: TradingService
  orders: OrderBook & { amend: ReturnType<typeof createAmend> }
  watchlist: ReturnType<typeof createWatchlist>
  credit: CreditService
}

/**
 * The /trade calls of API.md: buy, sell, amend, cancel, the orders and one order, the two holding
 * lists and the watchlist.
 */
export function tradingRoutes({
  db,
  market,
  service,
  orders,
  watchlist,
  credit,
}: TradingRouteDeps): BrokerCalls {
  return (routes) => {
    // Stock credit: trust funds for a credit position, and the user's requests.
    routes.authed('/trade/ustocks', ustocksRequest, async ({ input: form, user }) => {
      const answer = await credit.requestTrustFunds(user, {
        holdingId: BigInt(form.id),
        credit: BigInt(form.credit),
        idem: form.idem,
      })
      return ok(answer, 'submit_ok')
    })

    routes.authed('/trade/ustockslist', ustocksListRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await credit.requests(user.userId, type))
    })

    routes.authed('/trade/buy', buyRequest, async ({ input: form, user }) => {
      if (form.id !== undefined) {
        // A buy-to-cover closes a short, which is credit: never NISA.
        if (form.account === 'nisa') throw new Refusal('nisa_not_eligible')
        const cover = { ...form, id: BigInt(form.id), num: Number(form.num), price: form.price }
        return ok(await service.cover(user, cover), 'purchase_ok')
      }
      const answer = await service.buy(user, {
        type: form.type,
        code: form.code,
        num: Number(form.num),
        price: form.price,
        fundPassword: form.fund_password,
        idem: form.idem,
        leverage: form.leverage === undefined ? 1 : Number(form.leverage),
        validity: form.validity,
        kind: form.kind,
        trigger: form.trigger,
        trail: form.trail,
        ...(form.account ? { account: form.account } : {}),
        ...(form.group || form.exit_price || form.exit_trigger
          ? {
              exits: {
                group: form.group,
                exitPrice: form.exit_price,
                exitTrigger: form.exit_trigger,
              },
            }
          : {}),
      })
      return ok(answer, 'purchase_ok')
    })

    routes.authed('/trade/sell', sellRequest, async ({ input: form, user }) => {
      if (form.id === undefined) {
        const short = await service.short(user, {
          type: form.type,
          code: form.code as string,
          num: Number(form.num),
          price: form.price,
          leverage: form.leverage === undefined ? 1 : Number(form.leverage),
          idem: form.idem,
        })
        return ok(short, 'submit_ok')
      }
      const answer = await service.sell(user, {
        id: BigInt(form.id),
        num: Number(form.num),
        price: form.price,
        idem: form.idem,
        validity: form.validity,
        kind: form.kind,
        trigger: form.trigger,
        trail: form.trail,
        group: form.group,
        stopPrice: form.stop_price,
      })
      return ok(answer, 'submit_ok')
    })

    routes.authed('/trade/cancel', cancelRequest, async ({ input, user }) => {
      const { id } = input
      await orders.cancel(user, BigInt(id))
      return ok(null, 'cancel_ok')
    })

    routes.authed('/trade/amend', amendRequest, async ({ input: form, user }) => {
      const answer = await orders.amend(user, {
        id: BigInt(form.id),
        price: form.price,
        num: form.num === undefined ? undefined : Number(form.num),
        trigger: form.trigger,
        idem: form.idem,
      })
      return ok(answer, 'modify_ok')
    })

    routes.authed('/trade/orders', ordersRequest, async ({ input, user }) => {
      const { type, status, page } = input
      return ok(await orders.list(user.userId, MARKET_OF_TYPE[type], status, page))
    })

    routes.authed('/trade/orderInfo', orderInfoRequest, async ({ input, user }) => {
      return ok(await orders.info(user.userId, BigInt(input.id)))
    })

    routes.authed('/trade/userstocklist', listRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await openList(db, market, user.userId, MARKET_OF_TYPE[type]))
    })

    routes.authed('/trade/userstocklists', listRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await endedList(db, market, user.userId, MARKET_OF_TYPE[type]))
    })

    routes.authed('/trade/selflist', listRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await watchlist.list(user.userId, MARKET_OF_TYPE[type]))
    })

    routes.authed('/trade/selfadd', watchRequest, async ({ input, user }) => {
      const { type, code } = input
      await watchlist.add(user.userId, code, MARKET_OF_TYPE[type])
      return ok(null, 'add_ok')
    })

    routes.authed('/trade/selfdel', watchRequest, async ({ input, user }) => {
      const { type, code } = input
      await watchlist.remove(user.userId, code, MARKET_OF_TYPE[type])
      return ok(null, 'delete_ok')
    })

    routes.authed('/trade/selfsort', watchSortRequest, async ({ input, user }) => {
      const { type, codes } = input
      await watchlist.sort(user.userId, codes, MARKET_OF_TYPE[type])
      return ok(null, 'modify_ok')
    })
  }
}
