import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BlockOffer, BlockPhase } from '@kabu/shared/api/block'
import { discountedUnits } from '@kabu/shared/block'
import { LISTINGS } from '@kabu/shared/market/listings/index'
import { roundUnitsToTick } from '@kabu/shared/market/ticks'
import { CURRENCY_OF_MARKET, type Listing, type Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import { priceToUnits } from '@kabu/shared/money/units'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import * as q from './block.sql'

/**
 * The simulator's steady supply: the clock is cut into slots of SLOT_MS; each slot of each market
 * has PER_SLOT offers whose window is the slot itself, announced one slot ahead. Which stocks, the
 * discount and the size follow from the seed, the market and the slot alone, and the price from
 * the simulated previous close when the offer is first written, so the same seed gives the same
 * offers. They are labelled simulated everywhere they are shown.
 */
export const SLOT_MS = 6 * 3_600_000
const PER_SLOT = 2

const stocksOf = (market: Market) =>
  LISTINGS.filter((l) => l.market === market && l.kind === 'stock')

/** 32-bit draws from the seed, market, slot and index (stable across runs and platforms). */
function draws(seed: number, market: Market, slot: number, index: number): number[] {
  const hash = createHash('sha256').update(`block:${seed}:${market}:${slot}:${index}`).digest()
  return [0, 4, 8, 12].map((at) => hash.readUInt32BE(at))
}

/** The block price of `listing` at `discountPct` below `prevClose`: on the grid, rounded down. */
export function blockPriceUnits(listing: Listing, prevClose: number, discountPct: number): bigint {
  const prev = BigInt(Math.round(priceToUnits(prevClose)))
  const units = discountedUnits(prev, discountPct)
  return BigInt(roundUnitsToTick(listing, Number(units), 'down'))
}

/**
 * Writes the offers of the current and the next slot of `market` that are not written yet.
 * `written` remembers the slots this gateway has written whole, so a list asks the store only
 * when a slot begins (another gateway writing the same slot changes nothing: `sim_key`).
 */
export async function ensureSimulated(
  db: Kysely<Database>,
  quotes: MarketService,
  seed: number,
  market: Market,
  now: number,
  written: Set<string>,
): Promise<void> {
  const stocks = stocksOf(market)
  if (stocks.length === 0) return
  const current = Math.floor(now / SLOT_MS)
  for (const slot of [current, current + 1]) {
    const slotKey = `${market}:${slot}`
    if (written.has(slotKey)) continue
    let whole = true
    for (let index = 0; index < PER_SLOT; index++) {
      const [pick = 0, discount = 0, size = 0] = draws(seed, market, slot, index)
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
        opens_at: slot * SLOT_MS,
        closes_at: (slot + 1) * SLOT_MS,
        simulated: 1,
        sim_key: `${market}:${slot}:${index}`,
        created_by: 'simulator',
        created_at: now,
      })
    }
    if (whole) written.add(slotKey)
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
