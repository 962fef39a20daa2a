import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'
import { refused } from '@kabu/shared/api/envelope'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Guards /api/ops: `Authorization: Bearer <OPS_TOKEN>`, else HTTP 401. Both sides are hashed first
 * so the comparison takes the same time whatever the length or the first wrong character.
 * `res.locals.operator` names who acted, for the audit trail.
 */
export function requireOperator(opsToken: string): RequestHandler {
  const expected = digest(opsToken)
  return (req, res, next) => {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      return void res.status(401).json(refused('please_login_again'))
    }
    // One shared token means one operator identity; the header lets a tool name the person.
    const name = req.headers['x-operator']
    res.locals.operator =
      typeof name === 'string' && /^[\w.@-]{1,64}$/.test(name) ? `ops:${name}` : 'ops'
    next()
  }
}
