import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BlockOffer, BlockPhase } from '@kabu/shared/api/block'
import { discountedUnits } from '@kabu/shared/block'
import { isTradingDay, nextTradingDay } from '@kabu/shared/market/calendar'
import { LISTINGS } from '@kabu/shared/market/listings/index'
import { roundUnitsToTick } from '@kabu/shared/market/ticks'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { CURRENCY_OF_MARKET, type Listing, type Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import { priceToUnits } from '@kabu/shared/money/units'
import type { DayWindow } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import * as q from './block.sql'

/**
 * The simulator's steady supply, held as TSE holds 立会外分売: on each trading day of a market, a
 * short order window at the same local time (BLOCK_WINDOW_JP, 08:20–08:45 Tokyo by default, before
 * the open; the other markets' windows are settings too), announced the trading day before. Each
 * such day has PER_DAY offers. Which stocks, the discount and the size follow from the seed, the
 * market and the day alone, and the price from the simulated previous close when the offer is
 * first written, so the same seed gives the same offers. They are labelled simulated everywhere
 * they are shown.
 */
const PER_DAY = 2

const stocksOf = (market: Market) =>
  LISTINGS.filter((l) => l.market === market && l.kind === 'stock')

/** 32-bit draws from the seed, market, day and index (stable across runs and platforms). */
function draws(seed: number, market: Market, day: string, index: number): number[] {
  const hash = createHash('sha256').update(`block:${seed}:${market}:${day}:${index}`).digest()
  return [0, 4, 8, 12].map((at) => hash.readUInt32BE(at))
}

/** The block price of `listing` at `discountPct` below `prevClose`: on the grid, rounded down. */
export function blockPriceUnits(listing: Listing, prevClose: number, discountPct: number): bigint {
  const prev = BigInt(Math.round(priceToUnits(prevClose)))
  const units = discountedUnits(prev, discountPct)
  return BigInt(roundUnitsToTick(listing, Number(units), 'down'))
}

/** One simulated order window: the market's local trading day it belongs to, epoch ms. */
export interface SimulatedWindow {
  day: string
  opens_at: number
  closes_at: number
}

/**
 * The simulated windows of `market` a list shows at `now`: today's, when today is a trading day
 * (closed ones drop out of the list), and the next trading day's, announced from today.
 *
 * @example simulatedWindows('jp', Date.UTC(2026, 2, 3, 1, 0), { open: 500, close: 525 })
 * // [{ day: '2026-03-03', opens_at: 08:20 JST, closes_at: 08:45 JST }, { day: '2026-03-04', … }]
 */
export function simulatedWindows(
  market: Market,
  now: number,
  window: DayWindow,
): SimulatedWindow[] {
  const today = localDate(market, now)
  const days = [...(isTradingDay(market, today) ? [today] : []), nextTradingDay(market, today)]
  return days.map((day) => ({
    day,
    opens_at: epochAtLocal(market, day, window.open),
    closes_at: epochAtLocal(market, day, window.close),
  }))
}

/**
 * Writes the offers of `market`'s current and next windows that are not written yet. `written`
 * remembers the days this gateway has written whole, so a list asks the store only when a day
 * begins (another gateway writing the same day changes nothing: `sim_key`).
 */
export async function ensureSimulated(
  db: Kysely<Database>,
  quotes: MarketService,
  seed: number,
  market: Market,
  window: DayWindow,
  now: number,
  written: Set<string>,
): Promise<void> {
  const stocks = stocksOf(market)
  if (stocks.length === 0) return
  for (const { day, opens_at, closes_at } of simulatedWindows(market, now, window)) {
    const dayKey = `${market}:${day}`
    if (written.has(dayKey)) continue
    let whole = true
    for (let index = 0; index < PER_DAY; index++) {
      const [pick = 0, discount = 0, size = 0] = draws(seed, market, day, index)
      const listing = stocks[pick % stocks.length]!
      const prevClose = quotes.snapshot(listing.code)?.prevClose ?? 0
      const discountPct = 2 + (discount % 7) * 0.5
      const price = prevClose > 0 ? blockPriceUnits(listing, prevClose, discountPct) : 0n
      // No price yet (a real source not started): the offer is written on a later list.
      if (price <= 0n) {
        whole = false
        continue
      }
      const lots = 10 + (size % 91)
      await q.insertSimulatedOffer(db, {
        code: listing.code,
        market,
        currency: CURRENCY_OF_MARKET[market],
        price,
        prev_close: BigInt(Math.round(priceToUnits(prevClose))),
        lot: listing.lot,
        lots,
        min_lots: 1,
        max_lots: Math.max(1, Math.ceil(lots / 5)),
        opens_at,
        closes_at,
        simulated: 1,
        sim_key: `${market}:${day}:${index}`,
        created_by: 'simulator',
        created_at: now,
      })
    }
    if (whole) written.add(dayKey)
  }
}

export function phaseOf(offer: q.OfferRow, now: number): BlockPhase {
  if (now < Number(offer.opens_at)) return 'upcoming'
  return now < Number(offer.closes_at) ? 'open' : 'closed'
}

/** An offer as the wire shows it; `requested`: shares asked for by standing requests. */
export function offerWire(
  offer: q.OfferRow,
  requested: bigint,
  now: number,
  quotes: MarketService,
): BlockOffer {
  const code = offer.code
  const name = quotes.listing(code)?.name ?? { ja: code, zh: code, en: code }
  const discountBp = ((offer.prev_close - offer.price) * 10_000n) / offer.prev_close
  const phase = phaseOf(offer, now)
  return {
    id: String(offer.id),
    code,
    name,
    market: offer.market as Market,
    currency: offer.currency as Currency,
    price: formatUnits(offer.price),
    prev_close: formatUnits(offer.prev_close),
    discount: (Number(discountBp) / 100).toFixed(2),
    lot: Number(offer.lot),
    available: Number(offer.lots * offer.lot),
    requested: Number(requested),
    min_buy: Number(offer.min_lots * offer.lot),
    max_buy: Number(offer.max_lots * offer.lot),
    opens_at: Number(offer.opens_at),
    closes_at: Number(offer.closes_at),
    open: phase === 'open',
    phase,
    simulated: offer.simulated === 1n,
  }
}
