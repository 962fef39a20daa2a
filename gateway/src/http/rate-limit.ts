import { rateLimit } from 'express-rate-limit'
import { refused } from '@kabu/shared/api/envelope'

/** How many attempts one IP may make on a guarded call (login, register) per window. */
export interface RateLimitOptions {
  windowMs: number
  limit: number
}

// Loose on purpose: many people share one carrier NAT. Guessing is held back per account and per
// (account, address) by the login throttle (broker/auth/login-throttle.ts), not by this.
export const DEFAULT_SESSION_RATE_LIMIT: RateLimitOptions = { windowMs: 15 * 60_000, limit: 300 }

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
