import type { Quote } from '@kabu/shared/market/types'

export type RankBy = 'gainers' | 'losers' | 'volume' | 'turnover' | 'cap'
export const RANK_BY: readonly RankBy[] = ['gainers', 'losers', 'volume', 'turnover', 'cap']

const KEY: Record<RankBy, (q: Quote) => number> = {
  gainers: (q) => q.changePct,
  losers: (q) => -q.changePct,
  volume: (q) => q.volume,
  turnover: (q) => q.turnover,
  cap: (q) => q.marketCap,
}

/** The top `limit` quotes by a ranking; ties go by code so the order is stable. */
export function rankQuotes(quotes: Quote[], by: RankBy, limit: number): Quote[] {
  const key = KEY[by]
  return quotes
    .sort((a, b) => key(b) - key(a) || a.code.localeCompare(b.code))
    .slice(0, Math.max(0, limit))
}
