import type { HoldingList, ClosedHoldingList, WireHolding } from '@kabu/shared/api/trade'
import { holdingRows } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { roundUnitsToTick, type TickRules } from '@kabu/shared/market/ticks'
import type { Quote } from '@kabu/shared/market/types'
import type { OrderRules } from '../../../client/src/features/stock/order-draft'
import { Refused, type Target } from '../target'
import { caller } from './live'

/**
 * The market as the buy panel and the position screen see it, over HTTP only: the quote of the
 * stock the order models trade (`/api/market/snapshot`), prices on its tick grid a distance from
 * the last print, the rules a draft is checked against, and the holding of an order.
 */

/** Toyota: a TOPIX500 stock of 100-share lots that the simulator prints every few seconds. */
export const CODE = '7203'
const listing = listingByCode(CODE)!
const UNITS = 10_000

/** The quote now, as the client's fetchSnapshots reads it. */
export async function quoteOf(target: Target): Promise<Quote> {
  const res = await fetch(`${target.url}/api/market/snapshot?codes=${CODE}`)
  const body = (await res.json().catch(() => ({}))) as { msg?: string; data?: Quote[] }
  const quote = body.data?.[0]
  if (res.status !== 200 || !quote)
    throw new Refused('/api/market/snapshot', body.msg ?? `http_${res.status}`, res.status)
  return quote
}

const tickRules = (quote: Quote): TickRules => ({
  market: 'jp',
  topix500: listing.topix500,
  kind: quote.kind,
})

/**
 * A price `percent` away from the last print, on the grid away from the market and inside the
 * day's limits: far enough (a few percent) that no print of a path's seconds reaches it, or past
 * the market (the other sign) so that the next print does.
 */
export function priceAway(quote: Quote, percent: number): string {
  const units = Math.round(quote.price * UNITS * (1 + percent / 100))
  const on = roundUnitsToTick(tickRules(quote), units, percent < 0 ? 'down' : 'up')
  const low = Math.round((quote.limitDown ?? 0) * UNITS)
  const high = Math.round((quote.limitUp ?? Infinity) * UNITS)
  return String(Math.min(Math.max(on, low), high) / UNITS)
}

/** What the panel checks a draft against, read as order.live.ts reads it (loadOrderRules). */
export async function orderRules(
  target: Target,
  grant: SessionGrant,
  quote: Quote,
): Promise<OrderRules> {
  const config = await target.config()
  const info = await caller(target, grant)<Record<string, string>>('/user/getUserinfo', {
    type: 'jpy',
  })
  return {
    lot: listing.lot,
    tick: tickRules(quote),
    limitUp: quote.limitUp,
    limitDown: quote.limitDown,
    buyFeeRate: config.get('buy_fee_rate') ?? '0',
    available: info.jpy ?? '0',
    fundPasswordRequired: config.get('trade_fund_password') === '1',
  }
}

/** Shares per lot of the stock. */
export const LOT = listing.lot

/** Holding `id` of the user (the open list first, then the ended one), as fetchHolding reads it. */
export async function holdingOf(
  target: Target,
  grant: SessionGrant,
  id: string,
): Promise<WireHolding | undefined> {
  const call = caller(target, grant)
  const open = holdingRows(await call<HoldingList>('/trade/userstocklist', { type: 'jpy' }))
  const row = open.find((h) => h.id === id)
  if (row) return row
  const ended = await call<ClosedHoldingList>('/trade/userstocklists', { type: 'jpy' })
  return holdingRows<WireHolding>(ended).find((h) => h.id === id)
}
