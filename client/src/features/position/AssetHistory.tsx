import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Typography from '@mui/material/Typography'
import { ASSET_RANGES, type AssetPoint, type AssetRange } from '@kabu/shared/api/assets'
import type { MarketType } from '@kabu/shared/market/types'
import { lazy, Suspense, useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Loading } from '../../ui/Loading'
import { SegmentTabs } from '../../ui/SegmentTabs'
import { fetchAssetHistory } from './assets.api'

const AssetChart = lazy(() => import('./AssetChart'))

// What came back for which request: anything else (a new range, a retry) is still loading.
type Answer = { key: string; points: AssetPoint[] | null }

/** The net-assets chart over the closes of a range, with its range tabs and its states. */
export function AssetHistory({ type, version }: { type: MarketType; version: number }) {
  const intl = useIntl()
  const [range, setRange] = useState<AssetRange>('3m')
  const [attempt, setAttempt] = useState(0)
  const [answer, setAnswer] = useState<Answer | null>(null)
  const key = `${type}:${range}:${version}:${attempt}`
  useEffect(() => {
    let live = true
    fetchAssetHistory(type, range).then(
      (points) => live && setAnswer({ key, points }),
      () => live && setAnswer({ key, points: null }),
    )
    return () => {
      live = false
    }
  }, [key, type, range])
  const load =
    answer?.key !== key
      ? { state: 'loading' as const }
      : answer.points === null
        ? { state: 'error' as const }
        : { state: 'ready' as const, points: answer.points }
  return (
    <Card sx={{ p: 1.5 }} data-testid="asset-history">
      <Typography variant="subtitle2">
        <FormattedMessage id="stock.assets.history" />
      </Typography>
      <SegmentTabs
        dense
        value={range}
        onChange={setRange}
        aria-label={intl.formatMessage({ id: 'stock.assets.rangeLabel' })}
        tabs={ASSET_RANGES.map((r) => ({
          value: r,
          label: <FormattedMessage id={`stock.assets.range.${r}`} />,
          testId: `asset-range-${r}`,
        }))}
      />
      {load.state === 'loading' && <Loading />}
      {load.state === 'error' && (
        <Alert
          severity="error"
          action={
            <Button onClick={() => setAttempt((n) => n + 1)} data-testid="asset-history-retry">
              <FormattedMessage id="common.retry" />
            </Button>
          }
        >
          {translateServerMessage('network_error')}
        </Alert>
      )}
      {load.state === 'ready' &&
        (load.points.length === 0 ? (
          <EmptyState text={<FormattedMessage id="stock.assets.historyEmpty" />} />
        ) : (
          <Suspense fallback={<Loading />}>
            <AssetChart points={load.points} digits={type === 'jpy' ? 0 : 2} />
          </Suspense>
        ))}
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="stock.assets.historyNote" />
      </Typography>
    </Card>
  )
}
