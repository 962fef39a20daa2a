import {
  holdingRows,
  type ClosedHoldingList,
  type HoldingList,
  type WireClosedHolding,
} from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from './broker'

/**
 * Holding `id` of the user, wherever it stands: the open list (holding, closing, pending) first,
 * then the ended one (cancelled, closed). Another user's id is simply not found. The buy panel
 * follows its order with it, the position screen its holding and its sell.
 */
export async function fetchHolding(type: MarketType, id: string) {
  const open = holdingRows(await brokerPost<HoldingList>('/trade/userstocklist', { type }))
  const row = open.find((h) => h.id === id)
  if (row) return row
  const ended = await brokerPost<ClosedHoldingList>('/trade/userstocklists', { type })
  return holdingRows<WireClosedHolding>(ended).find((h) => h.id === id)
}
