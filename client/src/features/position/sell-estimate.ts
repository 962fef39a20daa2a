import type { Market } from '@kabu/shared/market/types'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { sellCharges } from '@kabu/shared/market/fees'

export interface SellEstimate {
  value: string
  fee: string
  /** China's stamp duty; '0' elsewhere. */
  stampDuty: string
  proceeds: string
}

/**
 * What selling `shares` at `price` (decimal string) should bring: value, the sell fee plus China's
 * stamp duty (config `sell_fee_rate`, `cn_stamp_duty_rate`), and the proceeds after them. The fill
 * price of a market sell may differ; the gateway settles the actual figures.
 *
 * @example sellEstimate('jp', '2500', 100, { sell_fee_rate: '0.001' }).proceeds // '249750'
 */
export function sellEstimate(
  market: Market,
  price: string,
  shares: number,
  config: Readonly<Record<string, string>>,
): SellEstimate | null {
  const priceUnits = parseUnits(price)
  if (priceUnits === null || !Number.isSafeInteger(shares) || shares <= 0) return null
  const value = priceUnits * BigInt(shares)
  const { fee, stampDuty } = sellCharges(market, value, {
    buy: config.buy_fee_rate ?? '0',
    sell: config.sell_fee_rate ?? '0',
    cnStampDuty: config.cn_stamp_duty_rate ?? '0',
  })
  return {
    value: formatUnits(value),
    fee: formatUnits(fee),
    stampDuty: formatUnits(stampDuty),
    proceeds: formatUnits(value - fee - stampDuty),
  }
}
