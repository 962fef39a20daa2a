import type { AssetsAnswer } from '@kabu/shared/api/assets'
import type { WireHolding } from '@kabu/shared/api/trade'
import { dayChange, netAssets } from '@kabu/shared/assets'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { isFilled } from './live-holdings'

const units = (text: string) => parseUnits(text, { signed: true }) ?? 0n

/**
 * The gateway's net assets moved to the live prices: its market value is replaced by the holdings'
 * at the prices the list was revalued at (shared netAssets, the gateway's own arithmetic), and the
 * day's change and unrealised P/L move by the same difference, the day's percentage with them (of
 * the same base: last close's net assets plus what was deposited since). Cash, products, day
 * trading and liabilities stay as the gateway read them.
 */
export function liveAssets(answer: AssetsAnswer, rows: readonly WireHolding[]): AssetsAnswer {
  const positions = rows.filter(isFilled).map((h) => ({
    side: h.side,
    shares: BigInt(h.stock_num),
    price: units(h.nowprice),
    cost: units(h.buy_price) * BigInt(h.stock_num),
  }))
  const live = netAssets({
    cashAvailable: 0n,
    cashFrozen: 0n,
    positions,
    products: 0n,
    intraday: 0n,
    intradayPositions: [],
    liabilities: 0n,
  })
  const move = live.marketValue - units(answer.market_value)
  if (move === 0n) return answer
  const plus = (text: string) => formatUnits(units(text) + move)
  const net = units(answer.net_assets) + move
  const day = dayChange(
    { net, deposits: 0n },
    { net: units(answer.net_assets) - units(answer.day_change), deposits: 0n },
  )
  return {
    ...answer,
    net_assets: formatUnits(net),
    market_value: formatUnits(live.marketValue),
    unrealized_pnl: plus(answer.unrealized_pnl),
    day_change: formatUnits(day.change),
    day_change_pct: day.percent,
  }
}
