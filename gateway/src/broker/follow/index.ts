import { Router, type Response } from 'express'
import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import { opsProductBody, opsProductsQuery, type OpsProductBody } from '@kabu/shared/api/follow'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { audit } from '../common/audit'
import type { IdentityChecks } from '../common/identity-checks'
import type { SelfFrozen } from '../common/self-freeze'
import type { UserEvents } from '../common/user-events'
import type { BrokerArea } from '../common/broker-area'
import type { Ledger } from '../ledger/index'
import { createProduct } from './issuers'
import { createProductJobs } from './jobs'
import { productRoutes } from './routes'
import { createProductsService } from './service'

export interface FollowAreaDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  checks: Pick<IdentityChecks, 'verifyFundPassword'>
  /** The user's own freeze of trading (the trust panel) refuses their orders here too. */
  selfFrozen: SelfFrozen
  /** The demo seeds clearly simulated products. */
  demo: boolean
  userEvents: UserEvents
  jobMs: number
  onError: (error: unknown) => void
}

const operatorOf = (res: Response) => res.locals.operator as string

/**
 * The follow-products area: its /api/vue calls, the back office's `GET|POST /api/ops/products` (a
 * router the composition root hands to the ops router, behind the operator token), and the job
 * that pays the days and returns at the deadline (started and stopped with the app).
 */
export function createFollow(deps: FollowAreaDeps) {
  const { db, clock, ledger } = deps
  const service = createProductsService({
    db,
    clock,
    ledger,
    checks: deps.checks,
    selfFrozen: deps.selfFrozen,
  })
  const jobs = createProductJobs({
    db,
    clock,
    ledger,
    demo: deps.demo,
    userEvents: deps.userEvents,
    everyMs: deps.jobMs,
    onError: deps.onError,
  })
  const opsRouter = Router()
  opsRouter.post('/products', async (req, res) => {
    const operator = operatorOf(res)
    // Validated here too, so the audit keeps what was asked for as the rules read it.
    const input: OpsProductBody = opsProductBody.parse(req.body ?? {})
    const id = await db.transaction().execute(async (trx) => {
      const now = clock.now()
      const created = await createProduct(trx, ledger, input, {
        createdBy: operator,
        simKey: null,
        now,
      })
      const after = { ...input, id: String(created) }
      await audit(
        trx,
        { operator, action: 'product.create', target: `product:${created}`, before: null, after },
        now,
      )
      return created
    })
    res.json(ok(await service.info(id)))
  })
  // A read: open to reviewers too (ops/roles.ts), like every other list of the back office.
  opsRouter.get('/products', async (req, res) => {
    const { page } = opsProductsQuery.parse(req.query)
    res.json(ok(await service.page(page)))
  })
  const area: BrokerArea = {
    name: 'products',
    routes: productRoutes(service),
    opsRoutes: opsRouter,
    jobs: [jobs],
  }
  return { service, jobs, area }
}

export type FollowArea = ReturnType<typeof createFollow>
