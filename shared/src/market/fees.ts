import { mulRate, roundUnits } from '../money/decimal'
import type { Market } from './types'

/** Fees are charged in the currency's smallest coin: whole yen, cents in the US and China. */
const FEE_COIN: Record<Market, bigint> = { jp: 10_000n, us: 100n, cn: 100n }

/** The broker's fee rates as decimal strings (config `buy_fee_rate`, `sell_fee_rate`, ...). */
export interface FeeRates {
  buy: string
  sell: string
  /** China's stamp duty, charged on sells only. */
  cnStampDuty: string
}

// Down, twice: a fraction of a unit and then of a coin is never charged, so nobody is over-charged.
const charge = (market: Market, value: bigint, rate: string): bigint =>
  roundUnits(mulRate(value, rate, 'down'), FEE_COIN[market], 'down')

/**
 * The fees on trading `value` (price × shares, in units of 1/10,000): the buy fee, or the sell fee
 * plus stamp duty in China. The gateway charges exactly this and the client's estimates show it,
 * so both must call this one rule.
 *
 * @example tradeFees('buy', 'jp', 2_905_500_000n, { buy: '0.001', sell: '0.001', cnStampDuty: '0.0005' }) // 2_900_000n (290 yen)
 * @example tradeFees('sell', 'cn', 1_450_000_000n, { buy: '0.001', sell: '0.001', cnStampDuty: '0.0005' }) // 2_175_000n
 */
export function tradeFees(
  side: 'buy' | 'sell',
  market: Market,
  value: bigint,
  rates: FeeRates,
): bigint {
  if (side === 'buy') return charge(market, value, rates.buy)
  const { fee, stampDuty } = sellCharges(market, value, rates)
  return fee + stampDuty
}

/** A sell's two charges, as spec §9 names them: the sell fee, and stamp duty (China only, else 0). */
export function sellCharges(
  market: Market,
  value: bigint,
  rates: FeeRates,
): { fee: bigint; stampDuty: bigint } {
  return {
    fee: charge(market, value, rates.sell),
    stampDuty: market === 'cn' ? charge(market, value, rates.cnStampDuty) : 0n,
  }
}
