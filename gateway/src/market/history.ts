import type { MarketContext } from './context'

/**
 * Trading days of history before the current day: a year is about 245 TSE days, 252 NYSE days and
 * 242 SSE days, so 280 covers a year in every market; around the clock, 370 calendar days do.
 */
export const HISTORY_DAYS = { real: 280, always: 370 } as const

/**
 * The first day of history. The path starts there at the listing's base price and is pulled back
 * toward it (see planDay), so after a year it wanders around that recent real level.
 */
export function historyStart(market: MarketContext, currentDay: string, days: number): string {
  return market.previousDays(currentDay, days)[0] ?? currentDay
}
