import type { BlockOffer, BlockOrder } from '@kabu/shared/api/block'
import type { Userinfo } from '@kabu/shared/api/user'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'

/** The block-trade screens' calls: the actors of block.machine.ts and the lists. */

export const fetchOffers = (type: MarketType) =>
  brokerPost<BlockOffer[]>('/trade/blocklist', { type })

export const fetchOffer = (id: string) => brokerPost<BlockOffer>('/trade/blockinfo', { id })

export const fetchOrders = (type: MarketType, status: 'pending' | 'decided') =>
  brokerPost<BlockOrder[]>('/trade/userblocklist', { type, status })

export const fetchOrder = (id: string) => brokerPost<BlockOrder>('/trade/userblockinfo', { id })

/** The wallet's available cash, the funds a block buy is paid from (a decimal string). */
export async function fetchAvailable(type: MarketType): Promise<string> {
  const info = await brokerPost<Userinfo>('/user/getUserinfo', { type })
  return info[type] ?? '0'
}

export const buyBlock = (input: { id: string; num: number; fundPassword: string; idem: string }) =>
  brokerPost<{ id: string }>('/trade/blockbuy', {
    id: input.id,
    num: String(input.num),
    fund_password: input.fundPassword,
    idem: input.idem,
  })
