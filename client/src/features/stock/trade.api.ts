import type { Userinfo } from '@kabu/shared/api/user'
import type { HoldingList, WatchEntry } from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'

/**
 * The buy panel's calls: the actors of order.machine.ts and short.machine.ts, the wallet, and the
 * watchlist star.
 */

export const fetchUserinfo = (type: MarketType) =>
  brokerPost<Userinfo>('/user/getUserinfo', { type })

export const buy = (input: {
  type: MarketType
  code: string
  num: number
  fundPassword: string
  idem: string
  /** Stock credit: above 1, a credit buy (leverage_choices of /common/config). */
  leverage?: number
  /** The kind's prices, validity and exits as the wire names them (order-draft.ts wireKind). */
  order: Record<string, string | undefined>
}) =>
  brokerPost<{ id: string }>('/trade/buy', {
    ...input.order,
    type: input.type,
    code: input.code,
    num: String(input.num),
    fund_password: input.fundPassword || undefined,
    idem: input.idem,
    leverage: input.leverage && input.leverage > 1 ? String(input.leverage) : undefined,
  })

/**
 * A credit short sale (信用新規売り, API.md "Orders"): `/trade/sell` with the code and leverage and
 * no holding id, at the market. The answer's id is the short position's.
 */
export const sellShort = (input: {
  type: MarketType
  code: string
  num: number
  leverage: number
  idem: string
}) =>
  brokerPost<{ id: string }>('/trade/sell', {
    type: input.type,
    code: input.code,
    num: String(input.num),
    leverage: String(input.leverage),
    idem: input.idem,
  })

export const cancelOrder = (id: string) => brokerPost<null>('/trade/cancel', { id })

export const fetchWatchlist = (type: MarketType) =>
  brokerPost<WatchEntry[]>('/trade/selflist', { type })
export const addToWatchlist = (type: MarketType, code: string) =>
  brokerPost<null>('/trade/selfadd', { type, code })
export const removeFromWatchlist = (type: MarketType, code: string) =>
  brokerPost<null>('/trade/selfdel', { type, code })

/** The user's open holdings of one market (the sell action of the stock detail looks for its code). */
export const fetchOpenHoldings = (type: MarketType) =>
  brokerPost<HoldingList>('/trade/userstocklist', { type })
