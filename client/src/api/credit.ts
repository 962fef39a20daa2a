import type { WireCreditRequest } from '@kabu/shared/api/credit'
import type { MarketType } from '@kabu/shared/market/types'
import { vuePost } from './vue'

/** Stock credit's calls: trust funds for a credit position, and the user's requests. */

export const requestTrustFunds = (input: { id: string; credit: string; idem: string }) =>
  vuePost<{ id: string }>('/trade/ustocks', input)

export const fetchCreditRequests = (type: MarketType) =>
  vuePost<WireCreditRequest[]>('/trade/ustockslist', { type })
