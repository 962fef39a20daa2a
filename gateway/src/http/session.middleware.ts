import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'
import { Refusal, type Authenticate, type SessionUser } from '../broker/index'

// Real tokens are 43 characters; anything far longer is not worth hashing.
const MAX_HEADER = 256

function header(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_HEADER ? value : null
}

/** The caller's session, or Refusal `please_login_again` with HTTP 401 (API.md). */
export function sessionOf(authenticate: Authenticate) {
  return async (req: IncomingMessage): Promise<SessionUser> => {
    const token = header(req.headers.token)
    const account = header(req.headers.account)
    const user = token && account ? await authenticate(token, account) : null
    if (!user) throw new Refusal('please_login_again', 401)
    return user
  }
}

/** Guards a call that needs a session, as middleware: the user in `res.locals.user`. */
export function requireSession(authenticate: Authenticate): RequestHandler {
  const session = sessionOf(authenticate)
  return async (req, res, next) => {
    res.locals.user = await session(req)
    next()
  }
}
