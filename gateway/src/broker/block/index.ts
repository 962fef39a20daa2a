import { Router, type Response } from 'express'
import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import type { OpsBlockBody } from '@kabu/shared/api/block'
import type { Market } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { DayWindow } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { IdentityChecks } from '../common/identity-checks'
import type { SelfFrozen } from '../common/self-freeze'
import type { ReviewRegistry } from '../common/review-queue'
import type { BrokerArea } from '../common/broker-area'
import type { Ledger } from '../ledger/index'
import { opsOffers } from './ops-offers'
import { blockOffersList } from './ops-list'
import { blockQueue } from './queue'
import { blockRoutes } from './routes'
import { createBlockService } from './service'

export interface BlockAreaDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: MarketService
  /** The simulator's seed: the simulated offers follow from it and the clock. */
  seed: number
  /** The simulator's daily order window of each market, in its own zone (config `block`). */
  windows: Record<Market, DayWindow>
  reviews: ReviewRegistry
  checks: Pick<IdentityChecks, 'identityStatus' | 'verifyFundPassword'>
  /** The user's own freeze of trading (the trust panel) refuses their orders here too. */
  selfFrozen: SelfFrozen
}

const operatorOf = (res: Response) => res.locals.operator as string

/**
 * The block-trade area: its /api/vue calls, its `block` review queue registered, and the back
 * office's `GET|POST /api/ops/block` (a router the composition root hands to the ops router, which
 * puts it behind the operator token and its error handler).
 */
export function createBlock(deps: BlockAreaDeps): { area: BrokerArea } {
  const { db, clock, ledger, market } = deps
  deps.reviews.register(blockQueue({ clock, ledger }))
  const service = createBlockService(deps)
  const createOffer = opsOffers({ db, clock, market })
  const opsRouter = Router().use(blockOffersList(db))
  opsRouter.post('/block', async (req, res) => {
    res.json(ok(await createOffer(operatorOf(res), (req.body ?? {}) as OpsBlockBody)))
  })
  return { area: { name: 'block', routes: blockRoutes(service), opsRoutes: opsRouter } }
}
