import type { LoanInfo } from '@kabu/shared/api/loans'
import type { WithdrawalRecord } from '@kabu/shared/api/funds'
import type { ClosedHoldingList, HoldingList } from '@kabu/shared/api/trade'
import type { Userinfo } from '@kabu/shared/api/user'
import type { AssetInputs } from '@kabu/shared/assets'
import type { MarketType } from '@kabu/shared/market/types'
import { isVueRefusal, vuePost } from '../../api/vue'

/** The Positions tab's calls: the five lists of spec §7, the credit line, sell and cancel. */

export const fetchOpenHoldings = (type: MarketType) =>
  vuePost<HoldingList>('/trade/userstocklist', { type })

export const fetchEndedHoldings = (type: MarketType) =>
  vuePost<ClosedHoldingList>('/trade/userstocklists', { type })

/**
 * A list whose feature this broker does not offer (yet): the gateway answers 404, so there is
 * nothing in it to count. Any other failure still fails the overview.
 */
async function listOrNothing<T>(request: Promise<T[]>): Promise<T[]> {
  try {
    return await request
  } catch (e) {
    if (isVueRefusal(e) && e.httpStatus === 404) return []
    throw e
  }
}

type Row<K extends keyof AssetInputs> = AssetInputs[K] extends ReadonlyArray<infer R> ? R : never

/** Everything spec §7 derives the overview from, fetched at once. */
export async function fetchAssetInputs(type: MarketType): Promise<AssetInputs> {
  const [userinfo, newStocks, withdrawals, products, credits, holdings] = await Promise.all([
    vuePost<Userinfo>('/user/getUserinfo', { type }),
    listOrNothing(vuePost<Row<'newStocks'>[]>('/trade/usernewstocklist', { type })),
    listOrNothing(vuePost<WithdrawalRecord[]>('/user/withdrawallist', { type })),
    listOrNothing(vuePost<Row<'products'>[]>('/trade/userproductlist', { type })),
    listOrNothing(vuePost<Row<'credits'>[]>('/trade/ustockslist', { type })),
    fetchOpenHoldings(type),
  ])
  return { type, userinfo, newStocks, withdrawals, products, credits, holdings }
}

/** The credit line (loanable limit) of the wallet, or null where loans are not offered. */
export async function fetchCreditLine(type: MarketType): Promise<string | null> {
  try {
    return (await vuePost<LoanInfo>('/user/loanInfo', { type })).limit
  } catch {
    return null
  }
}

export const sellHolding = (input: {
  id: string
  num: number
  price: string | null
  idem: string
}) =>
  vuePost<{ id: string }>('/trade/sell', {
    id: input.id,
    num: String(input.num),
    price: input.price ?? undefined,
    idem: input.idem,
  })

export const cancelHolding = (id: string) => vuePost<null>('/trade/cancel', { id })
