import { ok } from '@kabu/shared/api/envelope'
import {
  productBuyRequest,
  productEndRequest,
  productIdRequest,
  productListRequest,
} from '@kabu/shared/api/products'
import type { VueArea } from '../common/vue-area'
import type { ProductsService } from './service'

/**
 * API.md "trade": `/trade/productlist`, `/trade/productinfo`, `/trade/productbuy`,
 * `/trade/userproductlist`; README "Beyond API.md": `/trade/productend` (end after the lock-up)
 * and `/trade/userproductinfo` (one order with its accrual days).
 */
export function productRoutes(products: ProductsService): VueArea {
  return (routes) => {
    routes.authed('/trade/productlist', async ({ body }) => {
      const { type } = productListRequest.parse(body)
      return ok(await products.list(type))
    })

    routes.authed('/trade/productinfo', async ({ body }) => {
      const { id } = productIdRequest.parse(body)
      return ok(await products.info(BigInt(id)))
    })

    routes.authed('/trade/productbuy', async ({ body, user }) => {
      const form = productBuyRequest.parse(body)
      const answer = await products.buy(user, {
        id: BigInt(form.id),
        money: form.money,
        fundPassword: form.fund_password,
        idem: form.idem,
      })
      return ok(answer, 'follow_ok')
    })

    routes.authed('/trade/productend', async ({ body, user }) => {
      const { id, idem } = productEndRequest.parse(body)
      return ok(await products.end(user, BigInt(id), idem))
    })

    routes.authed('/trade/userproductlist', async ({ body, user }) => {
      const { type } = productListRequest.parse(body)
      return ok(await products.orders(user.userId, type))
    })

    routes.authed('/trade/userproductinfo', async ({ body, user }) => {
      const { id } = productIdRequest.parse(body)
      return ok(await products.order(user.userId, BigInt(id)))
    })
  }
}
