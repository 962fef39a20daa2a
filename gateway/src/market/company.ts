import type { CompanyFacts } from '@kabu/shared/market/depth'
import { fundamentalsOf } from '@kabu/shared/market/listings/fundamentals'
import type { MarketService } from './index'

const YEAR_SECONDS = 365 * 86_400

/** Two decimals for ratios and percentages, as quote screens print them. */
const hundredths = (value: number) => Math.round(value * 100) / 100

/**
 * A code's company facts at its current price: the listing's sector and shares, the simulated
 * fundamentals of shared/market/listings/fundamentals.ts turned into ratios, and the 52-week range
 * from the daily bars of the year up to the latest one. Undefined for an unknown code.
 */
export function companyFacts(market: MarketService, code: string): CompanyFacts | undefined {
  const listing = market.listing(code)
  const quote = listing && market.snapshot(listing.code)
  if (!listing || !quote) return undefined
  const fundamentals = fundamentalsOf(listing)
  const price = quote.price
  // Forward-adjusted, so a split inside the year does not leave a pre-split high standing.
  const bars = market.bars(listing.code, '1d', undefined, undefined, 'forward')
  const latest = bars[bars.length - 1]
  const year = latest ? bars.filter((bar) => bar.time > latest.time - YEAR_SECONDS) : []
  const eps = fundamentals?.eps ?? null
  const dividend = fundamentals?.dividendPerShare ?? null
  return {
    code: listing.code,
    sector: listing.sector,
    sharesOutstanding: listing.sharesOutstanding,
    marketCap: quote.marketCap,
    eps,
    // A loss has no meaningful PE; quote screens print a dash.
    pe: eps !== null && eps > 0 ? hundredths(price / eps) : null,
    pb: fundamentals ? hundredths(price / fundamentals.bookPerShare) : null,
    dividendPerShare: dividend,
    dividendYield: dividend !== null && price > 0 ? hundredths((dividend / price) * 100) : null,
    high52w: year.length ? Math.max(...year.map((bar) => bar.high)) : null,
    low52w: year.length ? Math.min(...year.map((bar) => bar.low)) : null,
    // The fundamentals are simulated whatever the quote source.
    simulated: true,
    // Beyond the hand-made catalogue, the sector and the shares are simulated too.
    ...(listing.simulatedFacts && { simulatedFacts: true }),
  }
}
