import { mulRate, roundUnits } from '@kabu/shared/money/decimal'
import type { Market } from '@kabu/shared/market/types'
import type { TradingSettings } from '../../config'

/** Fees are charged in the currency's smallest coin: whole yen, cents in the US and China. */
const COIN: Record<Market, bigint> = { jp: 10_000n, us: 100n, cn: 100n }

// Down: a fraction of a coin is never charged, so the client is never over-charged.
const fee = (market: Market, value: bigint, rate: string) =>
  roundUnits(mulRate(value, rate, 'down'), COIN[market], 'down')

/** The buy fee on `value` (price × shares, in units). */
export function buyFee(settings: TradingSettings, market: Market, value: bigint): bigint {
  return fee(market, value, settings.buyFeeRate)
}

/** The sell fee plus, in China, stamp duty on `value` (price × shares, in units). */
export function sellFees(settings: TradingSettings, market: Market, value: bigint): bigint {
  const stamp = market === 'cn' ? fee(market, value, settings.cnStampDutyRate) : 0n
  return fee(market, value, settings.sellFeeRate) + stamp
}
