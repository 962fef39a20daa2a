import { ok } from '@kabu/shared/api/envelope'
import {
  productBuyRequest,
  productEndRequest,
  productIdRequest,
  productListRequest,
} from '@kabu/shared/api/follow'
import type { BrokerCalls } from '../common/broker-calls'
import type { ProductsService } from './service'

/**
 * API.md "trade": `/trade/productlist`, `/trade/productinfo`, `/trade/productbuy`,
 * `/trade/userproductlist`; docs/api-additions.md: `/trade/productend` (end after the lock-up)
 * and `/trade/userproductinfo` (one order with its accrual days).
 */
export function productRoutes(products: ProductsService): BrokerCalls {
  return (routes) => {
    routes.authed('/trade/productlist', productListRequest, async ({ input }) => {
      const { type } = input
      return ok(await products.list(type))
    })

    routes.authed('/trade/productinfo', productIdRequest, async ({ input }) => {
      const { id } = input
      return ok(await products.info(BigInt(id)))
    })

    routes.authed('/trade/productbuy', productBuyRequest, async ({ input: form, user }) => {
      const answer = await products.buy(user, {
        id: BigInt(form.id),
        money: form.money,
        fundPassword: form.fund_password,
        idem: form.idem,
      })
      return ok(answer, 'follow_ok')
    })

    routes.authed('/trade/productend', productEndRequest, async ({ input, user }) => {
      const { id, idem } = input
      return ok(await products.end(user, BigInt(id), idem))
    })

    routes.authed('/trade/userproductlist', productListRequest, async ({ input, user }) => {
      const { type } = input
      return ok(await products.orders(user.userId, type))
    })

    routes.authed('/trade/userproductinfo', productIdRequest, async ({ input, user }) => {
      const { id } = input
      return ok(await products.order(user.userId, BigInt(id)))
    })
  }
}
