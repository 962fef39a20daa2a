import { openPnl, type DaytradePosition } from '@kabu/shared/api/daytrade'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { priceToUnits } from '@kabu/shared/money/units'

/**
 * A position's P/L at a live price (a number on the tick grid), by the shared rule the gateway
 * uses: shares × last − entry notional. Null without a price.
 */
export function livePnl(position: DaytradePosition, lastPrice: number | undefined): string | null {
  if (lastPrice === undefined || !(lastPrice > 0)) return position.pnl
  const avg = parseUnits(position.avg_price)
  if (avg === null) return position.pnl
  const qty = BigInt(position.qty)
  const last = BigInt(Math.round(priceToUnits(lastPrice)))
  return formatUnits(openPnl(qty, qty * avg, last))
}
