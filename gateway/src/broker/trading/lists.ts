import type { Kysely } from 'kysely'
import {
  HOLDING,
  type ClosedHoldingList,
  type HoldingList,
  type HoldingStatus,
  type WireClosedHolding,
  type WireHolding,
} from '@kabu/shared/api/trade'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Market } from '@kabu/shared/market/types'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { creditOf } from './credit-standing'
import { unitsOf } from './order-rules'
import { seedCancelledRow, seedOrderRow } from './order-wire'
import { userOrders, WORKING } from './orders.sql'
import { costOf, userHoldings, type HoldingRow } from './trading.sql'

// Holdings are what is owned (a resting sell's shares still are); an unfilled buy is an order.
const OPEN = [HOLDING.holding, HOLDING.closing] as const
// Cancelled holdings (3) are rows written before orders had their own table (migration 0029).
const ENDED = [HOLDING.cancelled, HOLDING.closed] as const

/** A holding's P/L at `now` before fees: a short gains what the price fell since its sale. */
const floating = (h: HoldingRow, now: bigint): bigint =>
  h.side === 'short' ? costOf(h) - now * h.stock_num : now * h.stock_num - costOf(h)

function wire(h: HoldingRow, market: MarketService): WireHolding {
  const listing = market.listing(h.code)
  const quote = market.snapshot(h.code)
  const now = quote ? unitsOf(quote.price) : h.buy_price
  const cost = costOf(h)
  const value = now * h.stock_num
  const credit = h.leverage > 1n || h.side === 'short'
  return {
    id: String(h.id),
    code: h.code,
    name: listing?.name ?? { ja: h.code, zh: h.code, en: h.code },
    status: Number(h.status) as HoldingStatus,
    nowprice: formatUnits(now),
    stock_num: Number(h.stock_num),
    buy_price: formatUnits(h.buy_price),
    yingkui: formatUnits(floating(h, now)),
    buy_time: Number(h.buy_time ?? h.created_at),
    leverage: Number(h.leverage),
    margin: formatUnits(credit ? h.margin : cost),
    market_value: formatUnits(value),
    buy_fee: formatUnits(h.buy_fee),
    frozen: formatUnits(h.frozen),
    side: h.side,
    account: h.account,
    ...(credit ? { credit: creditOf(h, value) } : {}),
  }
}

/**
 * `/trade/userstocklist`: holdings keyed by id, and each working buy's unfilled part as the seed's
 * status-2 row (keyed by the order's id); ccsz over the holdings owned, fdyk over every holding and
 * short (status 0, 1). A buy
 * filled in part is its holding's row, with the cash its rest still holds as `frozen`.
 */
export async function openList(
  db: Kysely<Database>,
  market: MarketService,
  userId: bigint,
  on: Market,
): Promise<HoldingList> {
  let ccsz = 0n
  let fdyk = 0n
  const rows: Record<string, WireHolding> = {}
  for (const o of await userOrders(db, userId, on, WORKING)) {
    if (o.side === 'buy') rows[String(o.id)] = seedOrderRow(o, market)
  }
  for (const h of await userHoldings(db, userId, on, OPEN)) {
    const row = wire(h, market)
    const buying = rows[row.id]
    rows[row.id] = buying ? { ...row, frozen: buying.frozen } : row
    const quote = market.snapshot(h.code)
    const now = quote ? unitsOf(quote.price) : h.buy_price
    // A short owns no shares: its value is none of the holdings', its P/L is the user's.
    if (h.side === 'long') ccsz += now * h.stock_num
    fdyk += floating(h, now)
  }
  return { ...rows, ccsz: formatUnits(ccsz), fdyk: formatUnits(fdyk) }
}

/**
 * `/trade/userstocklists`: closed holdings and buys that ended unfilled (cancelled or lapsed, the
 * seed's status 3) keyed by id; lsyk the realised P/L.
 */
export async function endedList(
  db: Kysely<Database>,
  market: MarketService,
  userId: bigint,
  on: Market,
): Promise<ClosedHoldingList> {
  let lsyk = 0n
  const rows: Record<string, WireClosedHolding> = {}
  for (const o of await userOrders(db, userId, on, ['cancelled', 'expired'])) {
    if (o.side === 'buy' && o.filled_num === 0n) rows[String(o.id)] = seedCancelledRow(o, market)
  }
  for (const h of await userHoldings(db, userId, on, ENDED)) {
    const closed = h.status === BigInt(HOLDING.closed)
    const sell = h.sell_price ?? h.buy_price
    const row: WireClosedHolding = {
      ...wire(h, market),
      // An ended row is valued at its sale; its P/L is the realised one (net of every fee).
      nowprice: formatUnits(sell),
      market_value: formatUnits(sell * h.stock_num),
      yingkui: formatUnits(h.realised ?? 0n),
      sell_price: formatUnits(closed ? sell : 0n),
      sell_time: h.sell_time === null ? null : Number(h.sell_time),
      sell_fee: formatUnits(h.sell_fee ?? 0n),
      stamp_duty: h.stamp_duty === null ? null : formatUnits(h.stamp_duty),
    }
    rows[row.id] = row
    lsyk += h.realised ?? 0n
  }
  return { ...rows, lsyk: formatUnits(lsyk) }
}
