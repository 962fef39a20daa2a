import type { RequestHandler } from 'express'
import { Refusal } from '../broker/refusal'

/** Who is calling, as the session lookup found them. */
export interface SessionUser {
  userId: bigint
  sessionId: bigint
  account: string
  tradingBarred: boolean
}

/**
 * Resolves the `token` and `account` headers to a live session, or null when the token is unknown,
 * expired or revoked, the user is not active, or the account is not the token's owner.
 */
export type Authenticate = (token: string, account: string) => Promise<SessionUser | null>

// Real tokens are 43 characters; anything far longer is not worth hashing.
const MAX_HEADER = 256

function header(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_HEADER ? value : null
}

/** Guards a call that needs a session: HTTP 401 `please_login_again` otherwise (API.md). */
export function requireSession(authenticate: Authenticate): RequestHandler {
  return async (req, res, next) => {
    const token = header(req.headers.token)
    const account = header(req.headers.account)
    const user = token && account ? await authenticate(token, account) : null
    if (!user) throw new Refusal('please_login_again', 401)
    res.locals.user = user
    next()
  }
}
