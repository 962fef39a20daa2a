import { sellCharges, tradeFees, type FeeRates } from '@kabu/shared/market/fees'
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

/** The sell fee and, in China, stamp duty (else 0) on `value` (price × shares, in units). */
export function saleCharges(
  settings: TradingSettings,
  market: Market,
  value: bigint,
): { fee: bigint; stampDuty: bigint } {
  return sellCharges(market, value, rates(settings))
}
