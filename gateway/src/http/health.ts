import { sql } from 'kysely'
import type { RequestHandler } from 'express'
import type { FeedStatus } from '@kabu/shared/market/types'
import type { Store } from '../store/index'

/** What /health needs of the market: its feed status. */
export interface MarketStatusSource {
  status(): FeedStatus
}

/**
 * `{ok, store, role, market}`: 200 when the store answers a query, 503 when it does not, so a load
 * balancer or Docker's health check takes this gateway out of rotation. A closed or stale market is
 * reported but is not a failure: outside trading hours that is the normal state. `role` is
 * `leader` or `follower` (issue 16): a gateway alone always leads.
 */
export function healthHandler(
  store: Store,
  market: MarketStatusSource,
  role: () => 'leader' | 'follower',
): RequestHandler {
  return async (req, res) => {
    let storeOk = true
    try {
      await sql`select 1`.execute(store.db)
    } catch (error) {
      storeOk = false
      req.log.error({ err: error }, 'health: store does not answer')
    }
    res
      .status(storeOk ? 200 : 503)
      .json({ ok: storeOk, store: store.kind, role: role(), market: market.status() })
  }
}

/**
 * Upstream broker mode: this gateway holds no store, so it is healthy while it serves its market.
 * The broker's own health is not probed here: every gateway forwards to the same broker, so
 * taking them all out of rotation when it is down would only trade `upstream_unavailable` for a
 * proxy's error page.
 */
export function upstreamHealthHandler(market: MarketStatusSource): RequestHandler {
  return (_req, res) => void res.json({ ok: true, store: 'upstream', market: market.status() })
}
