import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler, Response } from 'express'
import { refused } from '@kabu/shared/api/envelope'
import type { OperatorIdentity } from './operators/accounts'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Resolves an operator session's bearer token to its person (operators/accounts.ts). */
export type AuthenticateOperator = (token: string) => Promise<OperatorIdentity | undefined>

/**
 * Guards /api/ops: `Authorization: Bearer <OPS_TOKEN>` (scripts and tests) or the bearer token of
 * an operator's session (the console), else HTTP 401. The token is compared hashed, so the
 * comparison takes the same time whatever the length or the first wrong character.
 * `res.locals.operator` names who acted, for the audit trail; `res.locals.role` is what they may do.
 * The script token acts as an admin (scripts seed offers and move the clock) but is ONE approver
 * for four eyes whatever it calls itself (broker/common/operator-label.ts).
 */
export function requireOperator(
  opsToken: string,
  authenticate?: AuthenticateOperator,
): RequestHandler {
  const expected = digest(opsToken)
  return async (req, res, next) => {
    const bearer = /^Bearer (\S{1,512})$/.exec(req.headers.authorization ?? '')?.[1]
    if (bearer && timingSafeEqual(digest(bearer), expected)) {
      // One shared token means one operator identity; the header lets a tool name the person.
      const name = req.headers['x-operator']
      const label = typeof name === 'string' && /^[\w.@-]{1,64}$/.test(name) ? `ops:${name}` : 'ops'
      setIdentity(res, { label, role: 'admin' })
      return next()
    }
    const person = bearer && authenticate ? await authenticate(bearer) : undefined
    if (!person) return void res.status(401).json(refused('please_login_again'))
    setIdentity(res, person)
    next()
  }
}

function setIdentity(res: Response, identity: OperatorIdentity) {
  res.locals.operator = identity.label
  res.locals.identity = identity
}

export const identityOf = (res: Response) => res.locals.identity as OperatorIdentity
