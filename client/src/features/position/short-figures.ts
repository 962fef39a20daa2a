import type { WireCredit, WireHolding } from '@kabu/shared/api/trade'
import {
  coverSettlement,
  maintenancePercent,
  ratioPercent,
  shortEquity,
} from '@kabu/shared/market/credit'
import { tradeFees } from '@kabu/shared/market/fees'
import type { Market } from '@kabu/shared/market/types'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { isFilled } from './live-holdings'

/** A credit position's row: enough of it to value it (a short or a credit buy). */
export type CreditRow = Pick<
  WireHolding,
  'status' | 'side' | 'nowprice' | 'stock_num' | 'buy_price' | 'frozen' | 'buy_fee'
> & { credit: Pick<WireCredit, 'debt' | 'interest'> }

const units = (text: string | null | undefined): bigint =>
  parseUnits(text ?? '', { signed: true }) ?? 0n

/** The proceeds a short was sold for: buy_price (its sale price) × shares. */
const proceedsOf = (h: Pick<WireHolding, 'buy_price' | 'stock_num'>) =>
  units(h.buy_price) * BigInt(h.stock_num)

/**
 * A credit position's maintenance ratio (equity / value, percent, two decimals) at its `nowprice`,
 * by the rules the gateway's margin call job reads (shared/market/credit.ts): a short's equity is
 * shortEquity (proceeds + the margin held − the cost to cover − the borrow fees owed), a credit
 * buy's value − debt; null for a credit buy that owes nothing, and for a position that has ended
 * (a closed short holds nothing to maintain).
 *
 * @example creditRatio({ status: 0, side: 'short', buy_price: '2500', stock_num: 100, nowprice: '2500', frozen: '83334', buy_fee: '0', credit: { debt: '0', interest: '0' } }) // 33.33
 */
export function creditRatio(h: CreditRow): number | null {
  if (!isFilled(h)) return null
  const value = units(h.nowprice) * BigInt(h.stock_num)
  const owed = units(h.credit.debt)
  if (h.side !== 'short') return maintenancePercent(value, owed)
  const equity = shortEquity({ proceeds: proceedsOf(h), held: units(h.frozen), owed }, value)
  return ratioPercent(value, equity)
}

/** The figures of buying a short back now, as decimal strings (wire money). */
export interface CoverEstimate {
  /** The cost to cover: price × shares. */
  cost: string
  /** The buy fee on that cost (the shared rule the buy panel and the gateway use). */
  fee: string
  /** Proceeds − cost − the sale's fee − this fee − the borrow fees so far, as the gateway books it. */
  realised: string
  /** What comes back to the available cash: the margin held and the gain, less fees owed. */
  returned: string
  /** A loss beyond the margin and proceeds, left owed (0 mostly). */
  shortfall: string
}

/**
 * What covering short `h` whole at `price` should come to, by the settlement the gateway's cover
 * books (shared coverSettlement): the fee is config `buy_fee_rate` on the cost; the borrow fees
 * owed are repaid from what is left. A market order fills at the price of its execution, so the
 * actual figures may differ a little. Null when the price is not a price.
 *
 * @example coverEstimate('jp', row, '2400', { buy_fee_rate: '0.001' }).realised
 */
export function coverEstimate(
  market: Market,
  h: CreditRow,
  price: string,
  config: Readonly<Record<string, string>>,
): CoverEstimate | null {
  const at = parseUnits(price)
  if (at === null || at <= 0n || !(h.stock_num > 0)) return null
  const proceeds = proceedsOf(h)
  const cost = at * BigInt(h.stock_num)
  const fee = tradeFees('buy', market, cost, {
    buy: config.buy_fee_rate ?? '0',
    sell: '0',
    cnStampDuty: '0',
  })
  const collateral = { proceeds, held: units(h.frozen), owed: units(h.credit.debt) }
  const { returned, shortfall } = coverSettlement(collateral, cost, fee)
  return {
    cost: formatUnits(cost),
    fee: formatUnits(fee),
    realised: formatUnits(proceeds - cost - units(h.buy_fee) - fee - units(h.credit.interest)),
    returned: formatUnits(returned),
    shortfall: formatUnits(shortfall),
  }
}
