import type { DaytradeSide } from '@kabu/shared/api/daytrade'
import { tradeFees } from '@kabu/shared/market/fees'
import type { Market } from '@kabu/shared/market/types'
import type { TradingSettings } from '../../config'

/** A day-trade fill's fees: the published trading fees at the configured rates. */
export const feeOf = (
  settings: TradingSettings,
  side: DaytradeSide,
  market: Market,
  value: bigint,
) =>
  tradeFees(side, market, value, {
    buy: settings.buyFeeRate,
    sell: settings.sellFeeRate,
    cnStampDuty: settings.cnStampDutyRate,
  })
