import type { Quote } from '@kabu/shared/market/types'
import { useIsStale, useQuote } from '../../realtime'

/**
 * The feed's quote of a seed once one has arrived, else the seed itself (a list's or a search's
 * answer). Only a live quote is ever greyed out as stale: the seed is shown as what it is.
 */
export function useLiveQuote<S extends { code: string }>(
  seed: S,
): { quote: Quote | S; stale: boolean } {
  const live = useQuote(seed.code)
  const stale = useIsStale(seed.code)
  return { quote: live ?? seed, stale: live !== undefined && stale }
}
