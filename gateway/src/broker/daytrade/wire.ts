import {
  openPnl,
  type DaytradeFill,
  type DaytradeParticipation,
  type DaytradePosition,
  type DaytradeSide,
  type DaytradeStatus,
} from '@kabu/shared/api/daytrade'
import type { Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { MarketService } from '../../market/index'
import type * as q from './daytrade.sql'
import { unitsOf } from './market-rules'

// Day trading's rows as the API shows them (shared/src/api/daytrade.ts).

const nameOf = (market: MarketService, code: string) =>
  market.listing(code)?.name ?? { ja: code, zh: code, en: code }

export function participationWire(
  row: q.ParticipationRow,
  balance: bigint | null,
): DaytradeParticipation {
  return {
    id: String(row.id),
    order_no: row.order_no,
    market: row.market as Market,
    currency: row.currency as Currency,
    status: Number(row.status) as DaytradeStatus,
    money: formatUnits(row.funds),
    balance: balance === null ? null : formatUnits(balance),
    pnl: formatUnits(row.pnl),
    fees: formatUnits(row.fees),
    returned: row.returned === null ? null : formatUnits(row.returned),
    reason: row.reason,
    created: Number(row.created_at),
    decided: row.decided_at === null ? null : Number(row.decided_at),
    opens_at: row.opens_at === null ? null : Number(row.opens_at),
    closes_at: row.closes_at === null ? null : Number(row.closes_at),
    settled: row.settled_at === null ? null : Number(row.settled_at),
  }
}

export function fillWire(row: q.FillRow, market: MarketService): DaytradeFill {
  return {
    id: String(row.id),
    order_no: row.order_no,
    code: row.code,
    name: nameOf(market, row.code),
    side: row.side as DaytradeSide,
    num: Number(row.num),
    price: formatUnits(row.price),
    fee: formatUnits(row.fee),
    realised: formatUnits(row.realised),
    forced: row.forced === 1n,
    created: Number(row.created_at),
  }
}

/** An open position at the live price (no price, no P/L while the code has none). */
export function positionWire(p: q.PositionRow, market: MarketService): DaytradePosition {
  const quote = market.snapshot(p.code)
  const last = quote && quote.price > 0 ? unitsOf(quote.price) : null
  return {
    code: p.code,
    name: nameOf(market, p.code),
    qty: Number(p.qty),
    avg_price: formatUnits(p.cost / p.qty),
    last: last === null ? null : formatUnits(last),
    pnl: last === null ? null : formatUnits(openPnl(p.qty, p.cost, last)),
  }
}
