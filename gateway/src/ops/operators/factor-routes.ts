import { Router, type Request, type Response } from 'express'
import { ok } from '@kabu/shared/api/envelope'
import {
  operatorFactorRemoveBody,
  operatorPasskeyAddBody,
  operatorPasskeyTarget,
  operatorTotpEnableBody,
  type OperatorFactors,
} from '@kabu/shared/api/ops'
import type { TotpSetup } from '@kabu/shared/api/second-factor'
import { Refusal } from '../../broker/index'
import { siteOf } from '../../http/broker-router'
import { identityOf } from '../operator-auth'
import type { OperatorFactorService } from './factors'
import type { LoginLimiter } from './login-limiter'

/** The person behind the call; the script token has no factors of its own. */
function personOf(res: Response) {
  const me = identityOf(res)
  if (me.id === undefined || me.login === undefined) throw new Refusal('admin_required', 403)
  return { ...me, id: me.id, login: me.login }
}

/**
 * `/api/ops/operators/me/*`: the calling operator's own passkeys and TOTP (JSON; every body parsed
 * by its zod schema of shared/api/ops.ts). A wrong password here counts as a failed login of that
 * person, so a session left open is no way to guess it.
 */
export function operatorFactorRoutes(
  factors: OperatorFactorService,
  limiter: LoginLimiter,
): Router {
  const router = Router()

  /** Runs a change behind the login limiter: refused once too many passwords were wrong. */
  async function guarded<T>(req: Request, res: Response, change: () => Promise<T>): Promise<T> {
    const me = personOf(res)
    const attempt = await limiter.begin(me.login, req.ip ?? '')
    try {
      const changed = await change()
      await attempt.discard()
      return changed
    } catch (error) {
      // Only a wrong password is a guess; the try stays counted.
      if (!(error instanceof Refusal && error.key === 'wrong_old_password')) {
        await attempt.discard()
      }
      throw error
    }
  }

  router.get('/operators/me/factors', async (_req, res) => {
    res.json(ok<OperatorFactors>(await factors.list(personOf(res))))
  })

  router.post('/operators/me/passkeys/options', async (req, res) => {
    res.json(ok(await factors.registrationOptions(personOf(res), siteOf(req))))
  })

  router.post('/operators/me/passkeys/confirm-options', async (req, res) => {
    res.json(ok(await factors.confirmOptions(personOf(res), siteOf(req))))
  })

  router.post('/operators/me/passkeys', async (req, res) => {
    const input = operatorPasskeyAddBody.parse(req.body ?? {})
    const added = await guarded(req, res, () =>
      factors.addPasskey(personOf(res), input, siteOf(req)),
    )
    res.json(ok(added, 'add_ok'))
  })

  router.post('/operators/me/passkeys/:id/delete', async (req, res) => {
    const { id } = operatorPasskeyTarget.parse(req.params)
    const input = operatorFactorRemoveBody.parse(req.body ?? {})
    await guarded(req, res, () => factors.removePasskey(personOf(res), id, input, siteOf(req)))
    res.json(ok(null, 'delete_ok'))
  })

  router.post('/operators/me/totp/setup', async (_req, res) => {
    res.json(ok<TotpSetup>(await factors.totpSetup(personOf(res))))
  })

  router.post('/operators/me/totp/enable', async (req, res) => {
    const input = operatorTotpEnableBody.parse(req.body ?? {})
    await guarded(req, res, () => factors.totpEnable(personOf(res), input, siteOf(req)))
    res.json(ok(null, 'modify_ok'))
  })

  router.post('/operators/me/totp/disable', async (req, res) => {
    const input = operatorFactorRemoveBody.parse(req.body ?? {})
    await guarded(req, res, () => factors.totpDisable(personOf(res), input, siteOf(req)))
    res.json(ok(null, 'modify_ok'))
  })

  return router
}
