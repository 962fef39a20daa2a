import { ok, refused } from '@kabu/shared/api/envelope'
import { Router, type Response } from 'express'
import type { z } from 'zod'
import type { Clock } from '../clock'
import { wireActions } from './actions-wire'
import type { MarketService } from './index'
import { companyFacts } from './company'
import { MARKET_QUERIES, type MarketPath } from './query-schemas'

/**
 * `/api/market` (API.md "Market data"): GET, JSON, the /api/vue envelope. Bad input is HTTP 400
 * `invalid_input`, an unknown code in `bars` 404 `not_found`; `snapshot` leaves unknown codes out.
 */
export function marketRouter(market: MarketService, clock: Clock = { now: Date.now }): Router {
  const router = Router()
  // Each read takes its query from MARKET_QUERIES, so the table /api/docs shows is the one served.
  const read = <P extends MarketPath>(
    path: P,
    answer: (query: z.output<(typeof MARKET_QUERIES)[P]>, res: Response) => unknown,
  ) =>
    router.get(path, async (req, res) => {
      const parsed = MARKET_QUERIES[path].safeParse(req.query)
      if (!parsed.success) return void res.status(400).json(refused('invalid_input'))
      await answer(parsed.data as z.output<(typeof MARKET_QUERIES)[P]>, res)
    })

  read('/search', (query, res) => {
    const hits = market.search(query.q, query.limit ?? 20)
    const quotes = new Map(market.snapshots(hits.map((l) => l.code)).map((q) => [q.code, q]))
    const data = hits.map((listing) => {
      const quote = quotes.get(listing.code)
      return {
        code: listing.code,
        market: listing.market,
        kind: listing.kind,
        name: listing.name,
        sector: listing.sector,
        lot: listing.lot,
        ...(listing.simulatedFacts && { simulatedFacts: true }),
        price: quote?.price ?? null,
        change: quote?.change ?? null,
        changePct: quote?.changePct ?? null,
        trading: quote?.trading ?? false,
      }
    })
    res.json(ok(data))
  })

  read('/snapshot', (query, res) => res.json(ok(market.snapshots(query.codes))))

  read('/bars', (query, res) => {
    if (!market.listing(query.code)) return void res.status(404).json(refused('not_found'))
    res.json(ok(market.bars(query.code, query.interval, query.from, query.to, query.adjust)))
  })

  read('/depth', (query, res) => {
    const depth = market.depth(query.code)
    if (!depth) return void res.status(404).json(refused('not_found'))
    res.json(ok(depth))
  })

  read('/company', (query, res) => {
    const facts = companyFacts(market, query.code)
    if (!facts) return void res.status(404).json(refused('not_found'))
    res.json(ok(facts))
  })

  read('/actions', (query, res) => {
    const actions = wireActions(market, clock, query)
    if (!actions) return void res.status(400).json(refused('invalid_input'))
    res.json(ok(actions))
  })

  read('/indices', (_query, res) => res.json(ok(market.indices())))

  // Both draw on the whole market: the first call after start may wait for the rest of it to be
  // built (a few seconds of slices); the summary's 52-week lists do not wait for every past year.
  read('/summary', async (query, res) => {
    await market.whole()
    res.json(ok(market.summary(query.market)))
  })

  read('/rank', async (query, res) => {
    await market.whole()
    res.json(ok(market.rank(query.market, query.by, query.limit ?? 20)))
  })

  return router
}
