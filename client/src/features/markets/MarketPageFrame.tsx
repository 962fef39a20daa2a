import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { MarketSummary } from '@kabu/shared/market/summary'
import { MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import type { ReactNode } from 'react'
import { FormattedMessage, FormattedTime } from 'react-intl'
import type { MarketPage } from '../../ui/MarketPageLinks'
import { Header } from '../../ui/Header'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { MarketLoadFailed } from '../../ui/price/MarketLoadFailed'
import { SimulatedBadge } from '../../ui/price/SimulatedBadge'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { useSummary } from './use-summary'

const TYPE_OF_MARKET = { jp: 'jpy', us: 'usd', cn: 'cny' } as const

/**
 * What every market summary page shares: header, market tabs, pull to refresh, and the loading,
 * failed and loaded states; `simulatedNote` says that the page's figures are made up.
 */
export function MarketPageFrame({
  page,
  simulatedNote,
  children,
}: {
  page: MarketPage
  simulatedNote?: boolean
  children: (summary: MarketSummary) => ReactNode
}) {
  const { market, setMarket, query } = useSummary()
  const { data, error, loading, reload } = query
  return (
    <>
      <Header
        back
        title={<FormattedMessage id={`markets.page.${page}`} />}
        right={<SimulatedBadge />}
      />
      <MarketTypeTabs
        value={TYPE_OF_MARKET[market]}
        onChange={(type: MarketType) => setMarket(MARKET_OF_TYPE[type])}
        testIdPrefix="markets-market-"
      />
      <PullToRefresh onRefresh={reload} refreshing={loading && data !== undefined}>
        <Box data-testid={`markets-page-${page}`} sx={{ pb: 3 }}>
          {simulatedNote && (
            // A standing note, not news: `note`, so screen readers do not interrupt with it.
            <Alert
              severity="info"
              role="note"
              sx={{ m: 2, mb: 0 }}
              data-testid="markets-simulated-note"
            >
              <FormattedMessage id="markets.simulatedNote" />
            </Alert>
          )}
          {!data && error ? (
            <MarketLoadFailed error={error} onRetry={reload} />
          ) : !data ? (
            <Box sx={{ p: 2 }} aria-busy>
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} height={48} />
              ))}
            </Box>
          ) : (
            <>
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                sx={{ px: 2, pt: 1 }}
              >
                <FormattedMessage
                  id="markets.asOf"
                  values={{ time: <FormattedTime value={data.time} /> }}
                />
              </Typography>
              {children(data)}
            </>
          )}
        </Box>
      </PullToRefresh>
    </>
  )
}
