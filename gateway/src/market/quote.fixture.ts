import type { Quote } from '@kabu/shared/market/types'

/** A Tokyo stock's quote for tests: one price for open, high, low and close, nothing traded. */
export const flatQuote = (
  p: Pick<Quote, 'code' | 'price' | 'seq' | 'time'> & Pick<Partial<Quote>, 'source'>,
): Quote => ({
  market: 'jp',
  kind: 'stock',
  name: { ja: p.code, zh: p.code, en: p.code },
  prevClose: p.price,
  open: p.price,
  high: p.price,
  low: p.price,
  volume: 0,
  turnover: 0,
  change: 0,
  changePct: 0,
  marketCap: 0,
  limitUp: null,
  limitDown: null,
  trading: true,
  special: null,
  ...p,
})
