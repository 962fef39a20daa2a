import express, { Router } from 'express'
import type { Kysely } from 'kysely'
import { ok, refused } from '@kabu/shared/api/envelope'
import {
  operatorCreateBody,
  operatorLoginBody,
  opsUsersQuery,
  type OperatorSession,
} from '@kabu/shared/api/ops'
import { Refusal } from '../../broker/index'
import { siteOf } from '../../http/broker-router'
import type { Database } from '../../store/index'
import { identityOf } from '../operator-auth'
import type { OperatorAccounts, OperatorIdentity } from './accounts'
import { FactorChallenge } from './factors'
import type { LoginLimiter } from './login-limiter'

/** What the console is told of a session; `requireFactor`: OPS_REQUIRE_SECOND_FACTOR. */
export interface SessionSettings {
  timeTravel: boolean
  requireFactor: boolean
}

/** A person's session opened with the password alone while a factor is required. */
export const needsFactor = (person: OperatorIdentity, requireFactor: boolean) =>
  requireFactor && person.id !== undefined && !person.secondFactor

const sessionOf = (
  person: OperatorIdentity,
  settings: SessionSettings,
  token?: string,
): OperatorSession => ({
  ...(token === undefined ? {} : { token }),
  operator: {
    login: person.login ?? person.label,
    display_name: person.displayName ?? person.label,
    role: person.role,
  },
  time_travel: settings.timeTravel,
  second_factor_needed: needsFactor(person, settings.requireFactor),
})

/**
 * `POST /api/ops/login`: mounted in front of the guard (it is how a person gets past it). A right
 * password of an operator holding a factor, sent without one, answers 401 `second_factor_required`
 * with what to offer (`FactorChallenge`); it is not counted as a failure, a wrong factor is.
 */
export function operatorLoginRouter(
  accounts: OperatorAccounts,
  settings: SessionSettings,
  limiter: LoginLimiter,
): Router {
  const router = Router()
  // An assertion is a few hundred bytes of JSON.
  router.post('/login', express.json({ limit: '24kb' }), async (req, res) => {
    const { login, password, passkey, totp } = operatorLoginBody.parse(req.body ?? {})
    // Counted as a failure until the password proves right; a wrong factor stays counted too.
    const attempt = await limiter.begin(login, req.ip ?? '')
    try {
      const { token, operator } = await accounts.login(login, password, {
        passkey,
        totp,
        site: siteOf(req),
      })
      await attempt.succeeded()
      res.json(ok(sessionOf(operator, settings, token), 'login_ok'))
    } catch (error) {
      // A right password waiting for its factor is no guess, nor is a failure of ours.
      if (error instanceof FactorChallenge) {
        await attempt.discard()
        return void res.status(401).json({ ...refused(error.key), data: error.offer })
      }
      if (!(error instanceof Refusal)) await attempt.discard()
      throw error
    }
  })
  return router
}

const bearerOf = (header: string | undefined) => /^Bearer (\S+)$/.exec(header ?? '')?.[1]

/** Behind the guard: the caller's own session, the operator list, and the users to act on. */
export function operatorRoutes(
  db: Kysely<Database>,
  accounts: OperatorAccounts,
  settings: SessionSettings,
): Router {
  const router = Router()
  router.get('/me', (_req, res) => void res.json(ok(sessionOf(identityOf(res), settings))))

  router.post('/logout', async (req, res) => {
    const bearer = bearerOf(req.headers.authorization)
    if (bearer && identityOf(res).id !== undefined) await accounts.logout(bearer)
    res.json(ok(null))
  })

  router.get('/operators', async (_req, res) => {
    const rows = await accounts.list()
    // created_at is a bigint, which JSON cannot write: epoch ms, as every other list gives time.
    const wire = rows.map((r) => ({ ...r, id: `${r.id}`, created_at: Number(r.created_at) }))
    res.json(ok(wire.map((r) => ({ ...r, disabled: r.disabled === 1n }))))
  })

  router.post('/operators', async (req, res) => {
    const body = operatorCreateBody.parse(req.body ?? {})
    const id = await accounts.create({
      login: body.login,
      displayName: body.display_name,
      role: body.role,
      password: body.password,
      by: identityOf(res).label,
    })
    res.json(ok({ id: id.toString(), login: body.login.toLowerCase(), role: body.role }))
  })

  router.get('/users', async (req, res) => {
    const { q, page } = opsUsersQuery.parse(req.query)
    let query = db
      .selectFrom('users')
      .select(['id', 'account', 'status', 'trading_barred', 'created_at'])
      .where('status', '!=', 'issuer')
    if (q) {
      const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      query = query.where((eb) => eb(eb.fn('lower', ['account']), 'like', like))
    }
    const rows = await query
      .orderBy('id', 'desc')
      .offset((page - 1) * 50)
      .limit(50)
      .execute()
    res.json(
      ok(
        rows.map((r) => ({
          id: r.id.toString(),
          account: r.account,
          status: r.status,
          trading_barred: r.trading_barred === 1n,
          created: Number(r.created_at),
        })),
      ),
    )
  })
  return router
}
