import express, { Router, type Response } from 'express'
import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import { auditQuery, rejectBody, reviewsQuery, reviewTarget } from '@kabu/shared/api/ops'
import { z } from 'zod'
import { Refusal, approvalsOf, auditPage, type Decide, type ReviewQueues } from '../broker/index'
import type { Database } from '../store/index'
import { opsErrorHandler } from './errors'
import { type AuthenticateOperator, requireOperator } from './operator-auth'
import { requireRole, requireSecondFactor } from './roles'
import { USER_ACTIONS, type createUserActions } from './users'

export interface OpsRouterDeps {
  opsToken: string
  /** Operator sessions (the console); the script token is checked first. */
  authenticate?: AuthenticateOperator
  /** Mounted before the guard: the operators' login. */
  open?: Router[]
  /** OPS_REQUIRE_SECOND_FACTOR: sessions opened without a factor may only enrol one. */
  requireSecondFactor?: boolean
  db: Kysely<Database>
  queues: ReviewQueues
  decide: Decide
  act: ReturnType<typeof createUserActions>
  ledgerCheck: (db: Kysely<Database>) => Promise<{ ok: boolean; violations: string[] }>
  /** The clock, messages and other routers of /api/ops, mounted after the guard. */
  extra: Router[]
}

const operatorOf = (res: Response) => res.locals.operator as string

// Queue rows come from every area; a bigint left in one must not turn the listing into a 500.
const bigintAsString = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value
const userTarget = z.object({ account: z.string().min(1).max(64), action: z.enum(USER_ACTIONS) })

/** `/api/ops` at the fixed paths of API.md; every call needs the operator's bearer token. */
export function opsRouter(deps: OpsRouterDeps): Router {
  const router = Router()
  for (const open of deps.open ?? []) router.use(open)
  router.use(requireOperator(deps.opsToken, deps.authenticate))
  router.use(requireSecondFactor(deps.requireSecondFactor ?? false))
  router.use(requireRole)
  router.use(express.json({ limit: '32kb' }))

  router.get('/reviews', async (req, res) => {
    const { kind, status } = reviewsQuery.parse(req.query)
    const queue = deps.queues.get(kind)
    if (!queue) throw new Refusal('not_found')
    const listed = await queue.list(deps.db, status)
    // Four eyes: a pending request shows who has approved it so far.
    const approvals =
      status === 'pending'
        ? await approvalsOf(
            deps.db,
            kind,
            listed.map((r) => BigInt(r.id)),
          )
        : new Map<string, string[]>()
    const rows = listed.map((r) => ({ ...r, approvals: approvals.get(r.id) ?? [] }))
    res.type('application/json').send(JSON.stringify(ok(rows), bigintAsString))
  })

  router.post('/reviews/:kind/:id/approve', async (req, res) => {
    const { kind, id } = reviewTarget.parse(req.params)
    const outcome = await deps.decide(kind, BigInt(id), operatorOf(res), { approve: true })
    // Four eyes held it: recorded, still pending until a second, different operator approves.
    if (outcome.awaiting) return void res.json(ok({ id, status: 'pending', ...outcome.awaiting }))
    res.json(ok({ id, status: 'approved' }))
  })

  router.post('/reviews/:kind/:id/reject', async (req, res) => {
    const { kind, id } = reviewTarget.parse(req.params)
    const { reason } = rejectBody.parse(req.body ?? {})
    await deps.decide(kind, BigInt(id), operatorOf(res), { approve: false, reason })
    res.json(ok({ id, status: 'rejected' }))
  })

  router.post('/users/:account/:action', async (req, res) => {
    const { account, action } = userTarget.parse(req.params)
    res.json(ok(await deps.act(account, action, operatorOf(res))))
  })

  router.get('/audit', async (req, res) => {
    const { page, target } = auditQuery.parse(req.query)
    res.json(ok(await auditPage(deps.db, { page, target })))
  })

  router.get('/ledger/check', async (_req, res) => {
    res.json(ok(await deps.ledgerCheck(deps.db)))
  })

  for (const extra of deps.extra) router.use(extra)
  router.use((_req, _res) => {
    throw new Refusal('not_found')
  })
  router.use(opsErrorHandler)
  return router
}
