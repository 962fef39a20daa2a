import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { Loading } from '../../ui/Loading'
import type { ChartPeriod } from './charts/periods'

// lightweight-charts is the heaviest dependency of the app: it loads with the first chart shown.
const StockChart = lazy(() => import('./charts/StockChart'))

const TABS: Array<{ period: ChartPeriod; label: ReactNode }> = [
  { period: 'intraday', label: <FormattedMessage id="stock.chart.intraday" /> },
  { period: 'day', label: <FormattedMessage id="stock.chart.day" /> },
]

/**
 * The chart tabs. `anchor` is the quote when the screen opened: the chart keeps the session and
 * precision it started with and follows the live feed itself (a new day restarts it).
 */
export function ChartPanel({ anchor }: { anchor: Quote }) {
  const [period, setPeriod] = useState<ChartPeriod>('day')
  return (
    <>
      <Tabs
        value={period}
        onChange={(_, next: ChartPeriod) => setPeriod(next)}
        sx={{ minHeight: 40, px: 1 }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.period}
            value={tab.period}
            label={tab.label}
            data-testid={`chart-tab-${tab.period}`}
            sx={{ minHeight: 40, minWidth: 72 }}
          />
        ))}
      </Tabs>
      <Suspense fallback={<Loading />}>
        <StockChart key={period} anchor={anchor} period={period} />
      </Suspense>
    </>
  )
}
