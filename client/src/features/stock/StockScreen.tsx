import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { useSearchParams } from 'react-router-dom'
import type { Quote } from '@kabu/shared/market/types'
import { useIsStale, useQuote } from '../../realtime'
import { fetchSnapshots, MarketApiError } from '../../realtime/market-api'
import { readCurrentStock } from '../../realtime/stock-ref'
import { useMarketQuery } from '../../realtime/use-market-query'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { MarketLoadFailed } from '../../ui/price/MarketLoadFailed'
import { SimulatedBadge } from '../../ui/price/SimulatedBadge'
import { AlertBell } from './AlertBell'
import { BuyBar } from './BuyBar'
import { ChartPanel } from './ChartPanel'
import { DepthTabs } from './DepthTabs'
import { QuoteFields } from './QuoteFields'
import { QuoteHeadline } from './QuoteHeadline'
import { StockTitle } from './StockTitle'

/**
 * Stock detail (`/quotes/info?code=7203`; without a code, the stock last chosen). The REST
 * snapshot answers "does this code exist" and paints at once; the live stream takes over.
 */
export function StockScreen() {
  const [params] = useSearchParams()
  const [fallback] = useState(() => readCurrentStock()?.code)
  const code = params.get('code') || fallback
  const snapshot = useMarketQuery(code, (signal) => fetchSnapshots(code ? [code] : [], signal))
  const live = useQuote(code)
  const stale = useIsStale(code)
  const quote = live ?? snapshot.data?.[0]

  const title = quote ? <StockTitle quote={quote} /> : <FormattedMessage id="stock.title" />
  return (
    <>
      <Header
        title={title}
        back
        right={
          <>
            <SimulatedBadge code={code} />
            {code && quote?.kind === 'stock' && <AlertBell code={code} />}
          </>
        }
      />
      {!code || snapshot.data?.length === 0 || refusedCode(snapshot.error) ? (
        <EmptyState text={<FormattedMessage id="stock.notFound" />} />
      ) : quote ? (
        <StockBody key={quote.code} quote={quote} stale={live === undefined || stale} />
      ) : snapshot.error ? (
        <MarketLoadFailed error={snapshot.error} onRetry={snapshot.reload} />
      ) : (
        <Loading />
      )}
    </>
  )
}

/** The gateway refuses a malformed code (invalid_input) or an unknown one: both mean no such stock. */
const refusedCode = (error: unknown): boolean =>
  error instanceof MarketApiError && (error.msg === 'invalid_input' || error.msg === 'not_found')

function StockBody({ quote, stale }: { quote: Quote; stale: boolean }) {
  // The chart starts from the quote of the moment the screen opened and follows the feed itself.
  const [anchor] = useState(quote)
  return (
    <>
      <QuoteHeadline quote={quote} stale={stale} />
      <QuoteFields quote={quote} />
      <ChartPanel anchor={anchor} />
      <DepthTabs quote={quote} />
      <BuyBar quote={quote} />
    </>
  )
}
