import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Market } from '@kabu/shared/market/types'
import { RANK_BYS, type RankBy } from '../../realtime/market-api'

const isMarket = (v: string | null): v is Market => v === 'jp' || v === 'us' || v === 'cn'
const isRankBy = (v: string | null): v is RankBy =>
  (RANK_BYS as readonly (string | null)[]).includes(v)

/**
 * The chosen market and ranking live in the URL (`?market=us&by=volume`), so going back to a list
 * shows the same tab; anything unknown falls back to Japan and the default ranking.
 */
export function useListParams(defaultBy: RankBy) {
  const [params, setParams] = useSearchParams()
  const market: Market = isMarket(params.get('market')) ? (params.get('market') as Market) : 'jp'
  const by: RankBy = isRankBy(params.get('by')) ? (params.get('by') as RankBy) : defaultBy
  // Kept while the URL stays, so a memoised tab row given it does not render again for nothing.
  const set = useCallback(
    (next: { market?: Market; by?: RankBy }) =>
      setParams({ market: next.market ?? market, by: next.by ?? by }, { replace: true }),
    [setParams, market, by],
  )
  return { market, by, set }
}
