import { lazy, Suspense, useState } from 'react'
import type { Quote } from '@kabu/shared/market/types'
import { Loading } from '../../ui/Loading'
import { IntervalTabs, RangeAndAdjust, SubChooser } from './charts/ChartControls'
import {
  DEFAULT_RANGE,
  DEFAULT_SETTINGS,
  rangeAllowed,
  type ChartSettings,
} from './charts/chart-settings'

// lightweight-charts is the heaviest dependency of the app: it loads with the first chart shown.
const StockChart = lazy(() => import('./charts/StockChart'))

/**
 * The chart and its choices: interval tabs, range, price adjustment, the sub chart's indicator.
 * `anchor` is the quote when the screen opened: the chart keeps the session and precision it
 * started with and follows the live feed itself. Every choice redraws in place, no page load.
 */
export function ChartPanel({ anchor }: { anchor: Quote }) {
  const [settings, setSettings] = useState<ChartSettings>(DEFAULT_SETTINGS)
  const change = (next: Partial<ChartSettings>) => setSettings((s) => ({ ...s, ...next }))
  return (
    <>
      <IntervalTabs
        value={settings.interval}
        // A new interval opens on its usual range, which fits a phone's width.
        onChange={(interval) => change({ interval, range: DEFAULT_RANGE[interval] })}
      />
      <RangeAndAdjust
        settings={settings}
        onRange={(range) => rangeAllowed(settings.interval, range) && change({ range })}
        onAdjust={(adjust) => change({ adjust })}
      />
      <Suspense fallback={<Loading />}>
        {/* A new interval, range or adjustment mounts a fresh chart (loading state included); the
            sub chart's indicator changes in place. */}
        <StockChart
          key={`${settings.interval}:${settings.range}:${settings.adjust}`}
          anchor={anchor}
          settings={settings}
        />
      </Suspense>
      <SubChooser value={settings.sub} onChange={(sub) => change({ sub })} />
    </>
  )
}
