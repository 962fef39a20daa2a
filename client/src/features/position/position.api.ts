import type { WireSplit } from '@kabu/shared/api/actions'
import type { BlockOrder } from '@kabu/shared/api/block'
import type { WireOrder } from '@kabu/shared/api/orders'
import type { DaytradeParticipation } from '@kabu/shared/api/daytrade'
import type { ProductOrder } from '@kabu/shared/api/follow'
import type { IpoApplication } from '@kabu/shared/api/ipo'
import type { LoanInfo } from '@kabu/shared/api/loans'
import type { WithdrawalRecord } from '@kabu/shared/api/funds'
import type { ClosedHoldingList, HoldingList } from '@kabu/shared/api/trade'
import type { Userinfo } from '@kabu/shared/api/user'
import type { AssetInputs } from '@kabu/shared/assets'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'

/** The Positions tab's calls: the five lists of spec §7, the credit line, sell and cancel. */

/** The user's new-share applications (the Positions tab's "new shares"). */
export const fetchNewShares = (type: MarketType) =>
  brokerPost<IpoApplication[]>('/trade/usernewstocklist', { type })

/** The user's follow orders (the Positions tab's "follow orders"; spec §7 counts status 0). */
export const fetchFollowOrders = (type: MarketType) =>
  brokerPost<ProductOrder[]>('/trade/userproductlist', { type })

export const fetchOpenHoldings = (type: MarketType) =>
  brokerPost<HoldingList>('/trade/userstocklist', { type })

export const fetchEndedHoldings = (type: MarketType) =>
  brokerPost<ClosedHoldingList>('/trade/userstocklists', { type })

type Row<K extends keyof AssetInputs> = AssetInputs[K] extends ReadonlyArray<infer R> ? R : never

/**
 * The spec §7 lists whose areas this build has. Follow products (`/trade/userproductlist`) and
 * stock credit (`/trade/ustockslist`) are not built yet: there is nothing in them to count, so the
 * overview passes empty lists instead of asking. Set a flag to true in the same change that adds
 * the area's gateway routes.
 */
const BUILT_LISTS = { newStocks: true, products: true, credits: true } as const

const listIf = <T>(built: boolean, call: () => Promise<T[]>): Promise<T[]> =>
  built ? call() : Promise.resolve([])

/** Everything spec §7 derives the overview from, fetched at once. */
export async function fetchAssetInputs(type: MarketType): Promise<AssetInputs> {
  const [userinfo, newStocks, withdrawals, products, credits, holdings, blocks, daytrades] =
    await Promise.all([
      brokerPost<Userinfo>('/user/getUserinfo', { type }),
      listIf(BUILT_LISTS.newStocks, () =>
        brokerPost<Row<'newStocks'>[]>('/trade/usernewstocklist', { type }),
      ),
      brokerPost<WithdrawalRecord[]>('/user/withdrawallist', { type }),
      listIf(BUILT_LISTS.products, () =>
        brokerPost<Row<'products'>[]>('/trade/userproductlist', { type }),
      ),
      listIf(BUILT_LISTS.credits, () =>
        brokerPost<Row<'credits'>[]>('/trade/ustockslist', { type }),
      ),
      fetchOpenHoldings(type),
      brokerPost<BlockOrder[]>('/trade/userblocklist', { type, status: 'pending' }),
      brokerPost<DaytradeParticipation[]>('/trade/daytradelist', { type }),
    ])
  return { type, userinfo, newStocks, withdrawals, products, credits, holdings, blocks, daytrades }
}

/** The credit line (loanable limit) of the wallet, or null where loans are not offered. */
export async function fetchCreditLine(type: MarketType): Promise<string | null> {
  try {
    return (await brokerPost<LoanInfo>('/user/loanInfo', { type })).limit
  } catch {
    return null
  }
}

export const sellHolding = (input: {
  id: string
  num: number
  price: string | null
  wire?: Record<string, string | undefined>
  idem: string
}) =>
  brokerPost<{ id: string }>('/trade/sell', {
    id: input.id,
    num: String(input.num),
    ...(input.wire ?? { price: input.price ?? undefined }),
    idem: input.idem,
  })

/**
 * A buy-to-cover (買埋, API.md "Orders"): `/trade/buy` with the short's `id`, all its shares, at
 * the market. The answer's id is the short's.
 */
export const coverShort = (input: {
  type: MarketType
  id: string
  code: string
  num: number
  idem: string
}) =>
  brokerPost<{ id: string }>('/trade/buy', {
    type: input.type,
    code: input.code,
    num: String(input.num),
    id: input.id,
    idem: input.idem,
  })

export const cancelHolding = (id: string) => brokerPost<null>('/trade/cancel', { id })

/** The user's orders of one market (API.md "Orders"): working (`open`) or ended (`done`). */
export const fetchOrders = (type: MarketType, status: 'open' | 'done') =>
  brokerPost<WireOrder[]>('/trade/orders', { type, status })

export { fetchOrder } from '../../api/orders'

export const amendOrder = (input: {
  id: string
  price?: string
  num?: string
  trigger?: string
  idem: string
}) => brokerPost<unknown>('/trade/amend', input)

/** /user/splits: the splits that adjusted the user's holdings of one market (a holding's note). */
export function fetchSplits(type: MarketType): Promise<WireSplit[]> {
  return brokerPost<WireSplit[]>('/user/splits', { type })
}
