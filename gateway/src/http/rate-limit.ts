import { rateLimit } from 'express-rate-limit'
import { refused } from '@kabu/shared/api/envelope'

/** How many attempts one IP may make on a guarded call (login, register) per window. */
export interface RateLimitOptions {
  windowMs: number
  limit: number
}

// Generous for people behind one carrier NAT, still far too few for guessing passwords.
export const DEFAULT_SESSION_RATE_LIMIT: RateLimitOptions = { windowMs: 15 * 60_000, limit: 60 }

/** Per-IP limiter; over the limit the caller gets HTTP 429 with the `too_frequent` key. */
export function perIpLimiter(options: RateLimitOptions) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json(refused('too_frequent'))
    },
  })
}
