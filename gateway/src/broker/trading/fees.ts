import { tradeFees, type FeeRates } from '@kabu/shared/market/fees'
import type { Market } from '@kabu/shared/market/types'
import type { TradingSettings } from '../../config'

// The rule itself is shared with the client's estimates; this only reads the rates from config.
const rates = (settings: TradingSettings): FeeRates => ({
  buy: settings.buyFeeRate,
  sell: settings.sellFeeRate,
  cnStampDuty: settings.cnStampDutyRate,
})

/** The buy fee on `value` (price × shares, in units). */
export function buyFee(settings: TradingSettings, market: Market, value: bigint): bigint {
  return tradeFees('buy', market, value, rates(settings))
}

/** The sell fee plus, in China, stamp duty on `value` (price × shares, in units). */
export function sellFees(settings: TradingSettings, market: Market, value: bigint): bigint {
  return tradeFees('sell', market, value, rates(settings))
}
