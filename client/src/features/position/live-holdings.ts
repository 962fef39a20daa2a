import { HOLDING, type HoldingList, type WireHolding } from '@kabu/shared/api/trade'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { priceToUnits } from '@kabu/shared/money/units'

const units = (text: string): bigint => parseUnits(text, { signed: true }) ?? 0n
const priceUnits = (price: number): bigint => BigInt(Math.round(priceToUnits(price)))

/** Whether a row holds shares whose value moves with the market (holding or closing). */
export const isFilled = (h: Pick<WireHolding, 'status'>): boolean =>
  h.status === HOLDING.holding || h.status === HOLDING.closing

/** One filled holding valued at `price`: nowprice, market value and floating P/L, exactly. */
export function revalueRow<T extends WireHolding>(h: T, price: number | undefined): T {
  if (price === undefined || !(price > 0) || !isFilled(h)) return h
  const now = priceUnits(price)
  const shares = BigInt(h.stock_num)
  return {
    ...h,
    nowprice: formatUnits(now),
    market_value: formatUnits(now * shares),
    // A short gains what the price fell since it was sold.
    yingkui: formatUnits(
      (h.side === 'short' ? units(h.buy_price) - now : now - units(h.buy_price)) * shares,
    ),
  }
}

/**
 * The list the gateway sent, valued at the live prices instead: every filled row and the summary
 * keys `ccsz` (Σ market value of shares owned) and `fdyk` (Σ floating P/L, shorts' too) follow, as
 * the gateway computes them.
 * Pending orders keep their own price: they hold no shares yet.
 */
export function revalue(list: HoldingList, prices: ReadonlyMap<string, number>): HoldingList {
  let ccsz = 0n
  let fdyk = 0n
  const rows: Record<string, WireHolding> = {}
  for (const [key, value] of Object.entries(list)) {
    if (typeof value !== 'object' || value === null) continue
    const row = revalueRow(value, prices.get(value.code))
    rows[key] = row
    if (!isFilled(row)) continue
    // A short owns no shares: its value is none of the holdings'.
    if (row.side !== 'short') ccsz += units(row.market_value)
    fdyk += units(row.yingkui)
  }
  return { ...rows, ccsz: formatUnits(ccsz), fdyk: formatUnits(fdyk) }
}

/**
 * Valuation P/L as a percentage of cost (buy_price × shares), two decimals, as a decimal string;
 * null when there is no cost to compare with.
 *
 * @example pnlPercent({ yingkui: '1500', buy_price: '2500', stock_num: 100 }) // '0.60'
 */
export function pnlPercent(
  h: Pick<WireHolding, 'yingkui' | 'buy_price' | 'stock_num'>,
): string | null {
  const cost = units(h.buy_price) * BigInt(h.stock_num)
  if (cost <= 0n) return null
  // Basis points of a percent, rounded half away from zero, then printed with two decimals.
  const scaled = units(h.yingkui) * 20_000n
  const half = (scaled < 0n ? scaled - cost : scaled + cost) / (2n * cost)
  const sign = half < 0n ? '-' : ''
  const abs = half < 0n ? -half : half
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/** −1, 0 or 1 for a decimal string, so P/L takes the user's up/down colours without a float. */
export const signOf = (text: string | null | undefined): number =>
  !text || /^-?0(\.0+)?$/.test(text) ? 0 : text.startsWith('-') ? -1 : 1
