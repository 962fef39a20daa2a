import type { Kysely } from 'kysely'
import type { BlockOffer, OpsBlockBody } from '@kabu/shared/api/block'
import { opsBlockBody } from '@kabu/shared/api/block'
import { isOnTick } from '@kabu/shared/market/ticks'
import { CURRENCY_OF_MARKET } from '@kabu/shared/market/types'
import { parseUnits } from '@kabu/shared/money/decimal'
import { priceToUnits, unitsToPrice } from '@kabu/shared/money/units'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { audit } from '../common/audit'
import { Refusal } from '../common/refusal'
import * as q from './block.sql'
import { blockPriceUnits, offerWire } from './offers'

export interface OpsOffersDeps {
  db: Kysely<Database>
  clock: Clock
  market: MarketService
}

/**
 * `POST /api/ops/block`: an operator's offer of a listed stock, priced as given (on the tick grid)
 * or at `discount` percent below the previous close, written with its audit row.
 */
export function opsOffers({ db, clock, market }: OpsOffersDeps) {
  return async (operator: string, input: OpsBlockBody): Promise<BlockOffer> => {
    const body = opsBlockBody.parse(input)
    const listing = market.listing(body.code)
    if (!listing || listing.kind !== 'stock') throw new Refusal('not_listed')
    const prevClose = market.snapshot(listing.code)?.prevClose ?? 0
    if (!(prevClose > 0)) throw new Refusal('price_unavailable')
    const now = clock.now()
    const opensAt = body.opens_at ?? now
    if (body.closes_at <= now || opensAt >= body.closes_at) throw new Refusal('invalid_input')
    let price = blockPriceUnits(listing, prevClose, body.discount)
    if (body.price !== undefined) {
      const given = parseUnits(body.price)
      if (given === null || given <= 0n || !isOnTick(listing, unitsToPrice(Number(given)))) {
        throw new Refusal('invalid_input')
      }
      price = given
    }
    if (price <= 0n) throw new Refusal('invalid_input')
    const market_ = listing.market
    return db.transaction().execute(async (trx) => {
      const id = await q.insertOffer(trx, {
        code: listing.code,
        market: market_,
        currency: CURRENCY_OF_MARKET[market_],
        price,
        prev_close: BigInt(Math.round(priceToUnits(prevClose))),
        lot: listing.lot,
        lots: body.lots,
        min_lots: body.min_lots,
        max_lots: body.max_lots,
        opens_at: opensAt,
        closes_at: body.closes_at,
        simulated: 0,
        sim_key: null,
        created_by: operator,
        created_at: now,
      })
      const offer = await q.offerById(trx, id)
      if (!offer) throw new Error(`block offer ${id} vanished inside its own transaction`)
      const wire = offerWire(offer, 0n, now, market)
      await audit(
        trx,
        { operator, action: 'block.offer', target: `block:${id}`, before: null, after: wire },
        now,
      )
      return wire
    })
  }
}
