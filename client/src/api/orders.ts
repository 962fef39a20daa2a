import type { WireOrderInfo } from '@kabu/shared/api/orders'
import { brokerPost } from './broker'

/** One order with its fills (/trade/orderInfo): 注文照会 shows it, the buy panel follows it. */
export const fetchOrder = (id: string) => brokerPost<WireOrderInfo>('/trade/orderInfo', { id })
