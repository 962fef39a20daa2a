import { ok, refused } from '@kabu/shared/api/envelope'
import { Router, type Request, type Response } from 'express'
import type { z } from 'zod'
import type { MarketService } from './index'
import { companyFacts } from './company'
import {
  barsQuery,
  codeQuery,
  rankQuery,
  searchQuery,
  snapshotQuery,
  summaryQuery,
} from './query-schemas'

/** Parses a request's query, or answers 400 `invalid_input` and returns undefined. */
function parseQuery<S extends z.ZodType>(schema: S, req: Request, res: Response) {
  const parsed = schema.safeParse(req.query)
  if (parsed.success) return parsed.data as z.output<S>
  res.status(400).json(refused('invalid_input'))
  return undefined
}

/**
 * `/api/market` (API.md "Market data"): GET, JSON, the /api/vue envelope. Bad input is HTTP 400
 * `invalid_input`, an unknown code in `bars` 404 `not_found`; `snapshot` leaves unknown codes out.
 */
export function marketRouter(market: MarketService): Router {
  const router = Router()

  router.get('/search', (req, res) => {
    const query = parseQuery(searchQuery, req, res)
    if (!query) return
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

  router.get('/snapshot', (req, res) => {
    const query = parseQuery(snapshotQuery, req, res)
    if (query) res.json(ok(market.snapshots(query.codes)))
  })

  router.get('/bars', (req, res) => {
    const query = parseQuery(barsQuery, req, res)
    if (!query) return
    if (!market.listing(query.code)) return void res.status(404).json(refused('not_found'))
    res.json(ok(market.bars(query.code, query.interval, query.from, query.to, query.adjust)))
  })

  router.get('/depth', (req, res) => {
    const query = parseQuery(codeQuery, req, res)
    if (!query) return
    const depth = market.depth(query.code)
    if (!depth) return void res.status(404).json(refused('not_found'))
    res.json(ok(depth))
  })

  router.get('/company', (req, res) => {
    const query = parseQuery(codeQuery, req, res)
    if (!query) return
    const facts = companyFacts(market, query.code)
    if (!facts) return void res.status(404).json(refused('not_found'))
    res.json(ok(facts))
  })

  router.get('/indices', (_req, res) => {
    res.json(ok(market.indices()))
  })

  // Both draw on the whole market: the first call after start may wait for the rest of it to be
  // built (a few seconds of slices); the summary's 52-week lists do not wait for every past year.
  router.get('/summary', async (req, res) => {
    const query = parseQuery(summaryQuery, req, res)
    if (!query) return
    await market.whole()
    res.json(ok(market.summary(query.market)))
  })

  router.get('/rank', async (req, res) => {
    const query = parseQuery(rankQuery, req, res)
    if (!query) return
    await market.whole()
    res.json(ok(market.rank(query.market, query.by, query.limit ?? 20)))
  })

  return router
}
