import type { WireDividend, WireSplit } from '@kabu/shared/api/actions'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'

/** /user/dividends: the user's dividends of one market, expected and paid, newest first. */
export function fetchDividends(type: MarketType): Promise<WireDividend[]> {
  return brokerPost<WireDividend[]>('/user/dividends', { type })
}

/** /user/splits: the splits that adjusted the user's holdings of one market. */
export function fetchSplits(type: MarketType): Promise<WireSplit[]> {
  return brokerPost<WireSplit[]>('/user/splits', { type })
}
