import type { MarketSummary } from '@kabu/shared/market/summary'
import type { Market } from '@kabu/shared/market/types'
import { useSearchParams } from 'react-router-dom'
import { fetchSummary } from '../../realtime/market-api'
import { useMarketQuery, type MarketQuery } from '../../realtime/use-market-query'

const isMarket = (v: string | null): v is Market => v === 'jp' || v === 'us' || v === 'cn'

/**
 * The summary of the market named in the URL (`?market=us`; Japan otherwise), so back and reload
 * keep the tab. Every summary page reads the same answer.
 */
export function useSummary(): {
  market: Market
  setMarket: (market: Market) => void
  query: MarketQuery<MarketSummary>
} {
  const [params, setParams] = useSearchParams()
  const wanted = params.get('market')
  const market: Market = isMarket(wanted) ? wanted : 'jp'
  const query = useMarketQuery(`summary:${market}`, (signal) => fetchSummary(market, signal))
  return { market, setMarket: (next) => setParams({ market: next }, { replace: true }), query }
}
