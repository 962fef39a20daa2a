import type { WireCreditRequest } from '@kabu/shared/api/credit'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from './broker'

/** Stock credit's calls: trust funds for a credit position, and the user's requests. */

export const requestTrustFunds = (input: { id: string; credit: string; idem: string }) =>
  brokerPost<{ id: string }>('/trade/ustocks', input)

export const fetchCreditRequests = (type: MarketType) =>
  brokerPost<WireCreditRequest[]>('/trade/ustockslist', { type })
