import { Router, type Response } from 'express'
import type { Kysely } from 'kysely'
import { ok, refused } from '@kabu/shared/api/envelope'
import { ipoTarget, opsIpoBody, opsIpoCancelBody, type IpoDraw } from '@kabu/shared/api/ipo'
import { DRAW_ALGORITHM } from '@kabu/shared/market/ipo-draw'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE } from '@kabu/shared/market/types'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { audit } from '../common/audit'
import { Refusal } from '../common/refusal'
import type { Draw } from './draw'
import * as q from './ipo.sql'
import { newDrawSeed } from './jobs'
import type { IpoService } from './service'
import type { Withdrawal } from './withdraw'
import { ipoOffersList } from './ops-list'

const byRef = (a: { ref: string }, b: { ref: string }) =>
  a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0

/**
 * The public record of a draw: everything needed to recompute it, and no account names. The seed
 * stays null until the draw, the commitment until subscription opens.
 */
export async function publicDraw(
  db: Kysely<Database>,
  id: bigint,
  now: number,
): Promise<IpoDraw | undefined> {
  const offer = await q.offerById(db, id)
  if (!offer) return undefined
  const drawn = offer.drawn_at !== null
  const apps = await q.applicationsOfOffer(db, id)
  return {
    id: String(offer.id),
    code: offer.code,
    lots_offered: Number(offer.lots_offered),
    commitment: now >= Number(offer.subscribe_start) ? offer.commitment : null,
    seed: drawn ? offer.seed : null,
    algorithm: DRAW_ALGORITHM,
    entries: apps.map((a) => ({ ref: a.ref, lots: Number(a.lots) })).sort(byRef),
    allocations: drawn
      ? apps
          .filter((a) => a.won_lots > 0n)
          .map((a) => ({ ref: a.ref, lots: Number(a.won_lots) }))
          .sort(byRef)
      : [],
  }
}

/** `GET /ipos/:id/draw`, mounted on /api/market (public, JSON). */
export function ipoMarketRouter(db: Kysely<Database>, clock: Clock): Router {
  const router = Router()
  router.get('/ipos/:id/draw', async (req, res) => {
    const target = ipoTarget.safeParse(req.params)
    const draw = target.success
      ? await publicDraw(db, BigInt(target.data.id), clock.now())
      : undefined
    if (!draw) return void res.status(404).json(refused('not_found'))
    res.json(ok(draw))
  })
  return router
}

const operatorOf = (res: Response) => res.locals.operator as string

/**
 * `GET /ipo` (the newest offers), `POST /ipo` (a new offer), `POST /ipo/:id/draw` and `POST /ipo/:id/cancel` (withdraw it before
 * listing, `{reason}`), mounted on /api/ops behind its guard.
 */
export function ipoOpsRouter(deps: {
  db: Kysely<Database>
  clock: Clock
  service: IpoService
  draw: Draw
  withdrawal: Withdrawal
}): Router {
  const { db, clock } = deps
  const router = Router().use(ipoOffersList(db, clock))

  router.post('/ipo', async (req, res) => {
    const body = opsIpoBody.parse(req.body ?? {})
    const price = parseUnits(body.price)
    if (price === null || price <= 0n) throw new Refusal('amount_invalid')
    const market = MARKET_OF_TYPE[body.type]
    const operator = operatorOf(res)
    const id = await db.transaction().execute(async (trx) => {
      const now = clock.now()
      const inserted = await q.insertOffer(trx, {
        source_key: null,
        code: body.code,
        market,
        currency: CURRENCY_OF_MARKET[market],
        name_ja: body.name.ja,
        name_zh: body.name.zh,
        name_en: body.name.en,
        price,
        lot: body.lot,
        user_limit_lots: body.per_user_limit / body.lot,
        lots_offered: body.lots_offered,
        subscribe_start: body.subscribe_start,
        subscribe_end: body.subscribe_end,
        lottery_at: body.lottery_at,
        pay_deadline: body.pay_deadline,
        listing_at: body.listing_at,
        underwriter: body.underwriter,
        pe: body.pe,
        summary_ja: body.summary.ja,
        summary_zh: body.summary.zh,
        summary_en: body.summary.en,
        simulated: 0,
        ...newDrawSeed(),
        created_by: operator,
        created_at: now,
      })
      if (inserted === undefined) throw new Error('an operator offer has no source key to clash')
      const after = { ...body, id: String(inserted) }
      await audit(
        trx,
        { operator, action: 'ipo.create', target: `ipo:${inserted}`, before: null, after },
        now,
      )
      return inserted
    })
    res.json(ok(await deps.service.info(id)))
  })

  router.post('/ipo/:id/draw', async (req, res) => {
    const { id } = ipoTarget.parse(req.params)
    res.json(ok(await deps.draw.draw(BigInt(id), operatorOf(res))))
  })

  router.post('/ipo/:id/cancel', async (req, res) => {
    const { id } = ipoTarget.parse(req.params)
    const { reason } = opsIpoCancelBody.parse(req.body ?? {})
    res.json(ok(await deps.withdrawal.withdraw(BigInt(id), operatorOf(res), reason)))
  })

  return router
}
