import type { DaytradeDetail, DaytradeParticipation, DaytradeSide } from '@kabu/shared/api/daytrade'
import type { Userinfo } from '@kabu/shared/api/user'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'
import type { DaytradeSnapshot } from './daytrade.machine'

/** The day-trading screen's calls: the actors of daytrade.machine.ts. */

export const fetchParticipations = (type: MarketType) =>
  brokerPost<DaytradeParticipation[]>('/trade/daytradelist', { type })

export const fetchParticipation = (id: string) =>
  brokerPost<DaytradeDetail>('/trade/daytradeinfo', { id })

/** The newest participation of a market in detail (null when there is none) and the wallet's cash. */
export async function fetchSnapshot(type: MarketType): Promise<DaytradeSnapshot> {
  const [list, info] = await Promise.all([
    fetchParticipations(type),
    brokerPost<Userinfo>('/user/getUserinfo', { type }),
  ])
  const newest = list[0]
  return {
    current: newest ? await fetchParticipation(newest.id) : null,
    available: info[type] ?? '0',
  }
}

export const applyDaytrade = (type: MarketType, input: { money: string; idem: string }) =>
  brokerPost<{ id: string }>('/trade/daytradeApply', { type, money: input.money, idem: input.idem })

export const placeDaytradeOrder = (input: {
  id: string
  code: string
  side: DaytradeSide
  num: string
  price: string
  idem: string
}) =>
  brokerPost<{ id: string }>('/trade/daytradeOrder', {
    id: input.id,
    code: input.code,
    side: input.side,
    num: input.num,
    ...(input.price ? { price: input.price } : {}),
    idem: input.idem,
  })
