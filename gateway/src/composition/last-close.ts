import { epochAtLocal } from '@kabu/shared/market/time-zone'
import { priceToUnits } from '@kabu/shared/money/units'
import type { MarketService } from '../market/index'

/**
 * The close of the last trading day before `exDate`, as traded (units): the price a reverse
 * split's fraction is paid at. Undefined while the market has no such day for the code.
 */
export const lastCloseBefore =
  (market: Pick<MarketService, 'listing' | 'bars'>) =>
  (code: string, exDate: string): bigint | undefined => {
    const listing = market.listing(code)
    if (!listing) return undefined
    const exStart = epochAtLocal(listing.market, exDate, 0) / 1000
    const bars = market.bars(code, '1d', exStart - 20 * 86_400, exStart - 1)
    const last = bars.at(-1)
    return last ? BigInt(priceToUnits(last.close)) : undefined
  }
