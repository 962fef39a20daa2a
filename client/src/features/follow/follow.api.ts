import type { Product, ProductAccrual, ProductOrder } from '@kabu/shared/api/follow'
import type { Userinfo } from '@kabu/shared/api/user'
import type { MarketType } from '@kabu/shared/market/types'
import { TYPE_OF_MARKET } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'
import type { FollowSnapshot } from './follow.machine'

/** The follow screens' calls: the actors of follow.machine.ts and the lists' reads. */

export const fetchProducts = (type: MarketType) =>
  brokerPost<Product[]>('/trade/productlist', { type })

export const fetchProduct = (id: string) => brokerPost<Product>('/trade/productinfo', { id })

export const fetchOrders = (type: MarketType) =>
  brokerPost<ProductOrder[]>('/trade/userproductlist', { type })

export const fetchOrder = (id: string) =>
  brokerPost<ProductOrder & { accruals: ProductAccrual[] }>('/trade/userproductinfo', { id })

/**
 * What the machine's `load` reads: the order (when there is one) with its accrual days, its
 * product, and the wallet's available cash.
 */
export async function fetchFollowSnapshot(input: {
  productId: string | null
  orderId: string | null
}): Promise<FollowSnapshot> {
  const order = input.orderId ? await fetchOrder(input.orderId) : null
  const product = await fetchProduct(order?.product_id ?? input.productId ?? '')
  const type = TYPE_OF_MARKET[product.market]
  const userinfo = await brokerPost<Userinfo>('/user/getUserinfo', { type })
  return { product, order, available: userinfo[type] ?? '0' }
}

export const buyProduct = (input: {
  id: string
  money: string
  fundPassword: string
  idem: string
}) =>
  brokerPost<{ id: string; order_no: string }>('/trade/productbuy', {
    id: input.id,
    money: input.money,
    fund_password: input.fundPassword,
    idem: input.idem,
  })

export const endOrder = (input: { id: string; idem: string }) =>
  brokerPost<ProductOrder>('/trade/productend', { ...input })
