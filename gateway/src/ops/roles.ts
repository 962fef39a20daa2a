import type { RequestHandler } from 'express'
import { refused } from '@kabu/shared/api/envelope'
import { identityOf } from './operator-auth'

/**
 * What a reviewer may change: decide reviews, answer and close customer-service conversations, end
 * their own session. Every read is open to both roles; every other change (offers, products, news,
 * messages, users, the clock, operators) is an admin's. A path not listed is an admin's, so a new
 * route is closed to reviewers until someone decides otherwise.
 */
const REVIEWER_MAY_POST: RegExp[] = [
  /^\/reviews\/[a-z]+\/[^/]+\/(approve|reject)$/,
  /^\/support\/[^/]+\/(reply|close)$/,
  /^\/logout$/,
  // Their own passkeys and TOTP (operators/factor-routes.ts).
  /^\/operators\/me\//,
]

export const reviewerMay = (method: string, path: string) =>
  method === 'GET' || method === 'HEAD' || REVIEWER_MAY_POST.some((p) => p.test(path))

/** After requireOperator: refuses a reviewer an admin's action with HTTP 403 `admin_required`. */
export const requireRole: RequestHandler = (req, res, next) => {
  if (identityOf(res).role === 'admin' || reviewerMay(req.method, req.path)) return next()
  res.status(403).json(refused('admin_required'))
}

/** What a session opened with the password alone may do while a factor is required. */
const ENROLMENT: RegExp[] = [/^\/me$/, /^\/operators\/me\//, /^\/logout$/]

/**
 * OPS_REQUIRE_SECOND_FACTOR: a person's session opened without a factor (they had none yet) may
 * read who it is, enrol a factor and log out; anything else is HTTP 403 `second_factor_not_set`,
 * until they log in again with the factor. The script token is no person and is not held back.
 */
export function requireSecondFactor(required: boolean): RequestHandler {
  return (req, res, next) => {
    const me = identityOf(res)
    if (
      !required ||
      me.id === undefined ||
      me.secondFactor ||
      ENROLMENT.some((p) => p.test(req.path))
    )
      return next()
    res.status(403).json(refused('second_factor_not_set'))
  }
}
