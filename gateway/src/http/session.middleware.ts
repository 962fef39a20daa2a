import type { RequestHandler } from 'express'
import { Refusal, type Authenticate } from '../broker/index'

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
