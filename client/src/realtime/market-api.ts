import type { WireAction } from '@kabu/shared/api/actions'
import type { Envelope } from '@kabu/shared/api/envelope'
import type { CompanyFacts } from '@kabu/shared/market/depth'
import type { MarketSummary } from '@kabu/shared/market/summary'
import type {
  Bar,
  BarInterval,
  Listing,
  Market,
  PriceAdjust,
  Quote,
} from '@kabu/shared/market/types'

/** A refusal or failure of `/api/market`; `msg` is a server message key (`not_found`, ...). */
export class MarketApiError extends Error {
  constructor(readonly msg: string) {
    super(`market api: ${msg}`)
  }
}

/** A search result: the listing's facts, with its price and change when the gateway has them. */
export type SearchHit = Pick<Listing, 'code' | 'market' | 'kind' | 'name'> &
  Partial<Pick<Listing, 'sector' | 'lot'>> &
  Partial<Pick<Quote, 'price' | 'change' | 'changePct'>>

export type RankBy = 'gainers' | 'losers' | 'volume' | 'turnover' | 'cap'
export const RANK_BYS: readonly RankBy[] = ['gainers', 'losers', 'volume', 'turnover', 'cap']

type Params = Record<string, string | number | undefined>

/** GET `/api/market/<path>` and unwrap the envelope; aborting rejects with the fetch AbortError. */
async function getMarket<T>(path: string, params: Params, signal?: AbortSignal): Promise<T> {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value))
  }
  let response: Response
  try {
    response = await fetch(`/api/market/${path}?${query}`, {
      signal,
      headers: { accept: 'application/json' },
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new MarketApiError('network_error')
  }
  let body: Envelope<T>
  try {
    body = (await response.json()) as Envelope<T>
  } catch {
    // Not our JSON: a proxy's error page or an unknown path (an upstream without these routes).
    throw new MarketApiError(response.status === 404 ? 'not_found' : 'network_error')
  }
  if (body.status !== 1) throw new MarketApiError(body.msg)
  return body.data
}

/** Current quotes of `codes` (unknown codes are left out). */
export function fetchSnapshots(codes: string[], signal?: AbortSignal): Promise<Quote[]> {
  if (codes.length === 0) return Promise.resolve([])
  return getMarket<Quote[]>('snapshot', { codes: codes.join(',') }, signal)
}

/** The main indices of every market. */
export async function fetchIndices(signal?: AbortSignal): Promise<Quote[]> {
  const quotes = await getMarket<Quote[]>('indices', {}, signal)
  lastIndices = { at: Date.now(), quotes }
  return quotes
}

/** How long indices just fetched stand in for a new request (the live feed moves them on). */
export const INDICES_FRESH_MS = 10_000
let lastIndices: { at: number; quotes: Quote[] } | undefined

/**
 * The indices fetched within the last 10 s, if any. The start screen fetches them as one of its
 * steps and then opens home, which shows these at once instead of placeholders and a second
 * request for the same answer.
 */
export function recentIndices(now = Date.now()): Quote[] | undefined {
  return lastIndices && now - lastIndices.at <= INDICES_FRESH_MS ? lastIndices.quotes : undefined
}

/** Stocks and indices of all three markets matching a code or a name. */
export function searchMarket(q: string, signal?: AbortSignal): Promise<SearchHit[]> {
  return getMarket<SearchHit[]>('search', { q }, signal)
}

/** OHLCV bars of `code`, oldest first; `from`/`to` are epoch seconds; `adjust` for corporate actions. */
export function fetchBars(
  code: string,
  interval: BarInterval,
  from?: number,
  to?: number,
  signal?: AbortSignal,
  adjust?: PriceAdjust,
): Promise<Bar[]> {
  return getMarket<Bar[]>('bars', { code, interval, from, to, adjust }, signal)
}

/** A market's stocks ranked by `by`. */
export function fetchRank(market: Market, by: RankBy, signal?: AbortSignal): Promise<Quote[]> {
  return getMarket<Quote[]>('rank', { market, by }, signal)
}

/** Sector, market cap, PE, dividend yield, 52-week range of `code` (fundamentals simulated). */
export function fetchCompany(code: string, signal?: AbortSignal): Promise<CompanyFacts> {
  return getMarket<CompanyFacts>('company', { code }, signal)
}

/** A listing's splits and dividends from today to a year on (API.md: GET /api/market/actions). */
export function fetchActions(code: string, signal?: AbortSignal): Promise<WireAction[]> {
  return getMarket<WireAction[]>('actions', { code }, signal)
}

/** One market's summary pages: indicators, sectors, short selling, flows, 52-week ranges, companies. */
export function fetchSummary(market: Market, signal?: AbortSignal): Promise<MarketSummary> {
  return getMarket<MarketSummary>('summary', { market }, signal)
}
