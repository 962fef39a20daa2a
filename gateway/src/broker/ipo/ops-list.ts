import { Router } from 'express'
import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'

/** Offers the console's list shows (newest first). */
const LISTED = 50

/**
 * `GET /api/ops/ipo`: the newest offers, for the console's product page (read-only; never an
 * offer's draw seed). `draw_due`: the draw may run now by the gateway's clock (subscription closed,
 * neither drawn nor withdrawn), so the console offers "draw now" only then (draw.ts refuses it
 * earlier with `ipo_draw_not_due`).
 */
export function ipoOffersList(db: Kysely<Database>, clock: Clock): Router {
  const router = Router()
  router.get('/ipo', async (_req, res) => {
    const now = clock.now()
    const rows = await db
      .selectFrom('ipo_offers')
      .select([
        'id',
        'code',
        'market',
        'currency',
        'name_ja',
        'name_en',
        'price',
        'lot',
        'lots_offered',
        'subscribe_start',
        'subscribe_end',
        'lottery_at',
        'listing_at',
        'drawn_at',
        'withdrawn_at',
        'simulated',
      ])
      .orderBy('id', 'desc')
      .limit(LISTED)
      .execute()
    res.json(
      ok(
        rows.map((r) => ({
          id: r.id.toString(),
          code: r.code,
          market: r.market,
          currency: r.currency,
          name: { ja: r.name_ja, en: r.name_en },
          price: formatUnits(r.price),
          lot: Number(r.lot),
          lots_offered: Number(r.lots_offered),
          subscribe_start: Number(r.subscribe_start),
          subscribe_end: Number(r.subscribe_end),
          lottery_at: Number(r.lottery_at),
          listing_at: Number(r.listing_at),
          drawn: r.drawn_at !== null,
          withdrawn: r.withdrawn_at !== null,
          draw_due:
            r.drawn_at === null && r.withdrawn_at === null && now >= Number(r.subscribe_end),
          simulated: r.simulated === 1n,
        })),
      ),
    )
  })
  return router
}
