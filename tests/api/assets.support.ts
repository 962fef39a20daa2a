import type { MarketService } from '../../gateway/src/market/index'

/**
 * Pins the last price of chosen codes on a running gateway's market (units of 1/10,000): every
 * reader of `snapshot` (orders, holding lists, the valuation) sees the pinned price, so a test
 * knows the exact price a buy fills at and a position is valued at. Everything else of the quote
 * stays the simulator's.
 */
export function pinPrices(market: MarketService) {
  const real = market.snapshot.bind(market)
  const pinned = new Map<string, bigint>()
  market.snapshot = (code) => {
    const quote = real(code)
    const price = pinned.get(code)
    return quote && price !== undefined ? { ...quote, price: Number(price) / 10_000 } : quote
  }
  return {
    set: (code: string, units: bigint) => void pinned.set(code, units),
    clear: () => pinned.clear(),
  }
}
