import { Router } from 'express'
import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Database } from '../../store/index'

/** Offers the console's list shows (newest first). */
const LISTED = 50

/** `GET /api/ops/block`: the newest offers, for the console's product page (read-only). */
export function blockOffersList(db: Kysely<Database>): Router {
  const router = Router()
  router.get('/block', async (_req, res) => {
    const rows = await db
      .selectFrom('block_offers')
      .selectAll()
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
          price: formatUnits(r.price),
          lots: Number(r.lots),
          min_lots: Number(r.min_lots),
          max_lots: Number(r.max_lots),
          opens_at: Number(r.opens_at),
          closes_at: Number(r.closes_at),
          allocated: r.allocated_at !== null,
          simulated: r.simulated === 1n,
          created_by: r.created_by,
        })),
      ),
    )
  })
  return router
}
