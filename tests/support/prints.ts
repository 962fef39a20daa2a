import type { Quote } from '@kabu/shared/market/types'
import type { TestApp } from './app'

/** Shares a test print trades unless it says: more than any test order wants, so each fills whole. */
export const PLENTY = 1_000_000

// The day's volume each app's test prints reached, by code: the next one trades on from there.
const printed = new WeakMap<TestApp, Map<string, number>>()

/**
 * A quote of `code` at `price` that traded `shares` more than the market's snapshot or this app's
 * last test print of it: the matcher fills resting orders against at most the shares a print adds
 * to the day's volume.
 */
export function printQuote(t: TestApp, code: string, price: number, shares = PLENTY): Quote {
  const quote = t.app.market.snapshot(code)
  if (!quote) throw new Error(`${code} is not listed`)
  const volumes = printed.get(t) ?? new Map<string, number>()
  printed.set(t, volumes)
  const volume = Math.max(quote.volume, volumes.get(code) ?? 0) + shares
  volumes.set(code, volume)
  return { ...quote, price, volume }
}

/** Matches one print of `code` at `price` (the matcher's test entry); how many orders it moved. */
export const printAt = (t: TestApp, code: string, price: number, shares?: number) =>
  t.app.broker.trading.matcher.match([printQuote(t, code, price, shares)])

/** One print of `code` at `units` that traded exactly `shares`, now; how many orders it moved. */
export const printShares = (t: TestApp, code: string, units: bigint, shares: bigint) =>
  t.app.broker.trading.matcher.matchPrints(
    new Map([[code, [{ price: units, volume: shares, at: t.app.clock.now() }]]]),
  )
