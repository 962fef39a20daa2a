import type { WatchEntry } from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'

/** The watchlist of one market (/trade/selflist, /trade/selfdel, /trade/selfsort). */
export const fetchWatchlist = (type: MarketType) =>
  brokerPost<WatchEntry[]>('/trade/selflist', { type })

export const removeFromWatchlist = (type: MarketType, code: string) =>
  brokerPost<null>('/trade/selfdel', { type, code })

/** Stores the whole list in this order (the server refuses an order that misses an entry). */
export const sortWatchlist = (type: MarketType, codes: readonly string[]) =>
  brokerPost<null>('/trade/selfsort', { type, codes: codes.join(',') })
