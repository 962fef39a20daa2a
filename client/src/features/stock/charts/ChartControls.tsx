import Box from '@mui/material/Box'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { SUB_INDICATORS, type SubIndicator } from '@kabu/shared/market/indicators'
import type { PriceAdjust } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import {
  ADJUSTS,
  INTERVALS,
  RANGES,
  rangeAllowed,
  type ChartInterval,
  type ChartRange,
  type ChartSettings,
} from './chart-settings'
import { SegmentTabs } from '../../../ui/SegmentTabs'

/**
 * Test ids the Playwright journeys click. The time-share tab keeps its first name
 * (`chart-tab-intraday`), which earlier journeys use.
 */
const intervalTestId = (interval: ChartInterval) =>
  interval === 'ts' ? 'chart-tab-intraday' : `chart-interval-${interval}`

const chipSx = { py: 0.25, px: 1, fontSize: 12, minWidth: 40, textTransform: 'none' } as const

/** A row of small exclusive toggles, each with a stable test id. */
function Choices<T extends string>({
  label,
  value,
  options,
  onChange,
  text,
  testId,
  disabled,
}: {
  label: string
  value: T
  options: readonly T[]
  onChange: (next: T) => void
  text: (option: T) => string
  testId: (option: T) => string
  disabled?: (option: T) => boolean
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={label}
      onChange={(_, next: T | null) => next && onChange(next)}
    >
      {options.map((option) => (
        <ToggleButton
          key={option}
          value={option}
          data-testid={testId(option)}
          disabled={disabled?.(option)}
          sx={chipSx}
        >
          {text(option)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}

export function IntervalTabs({
  value,
  onChange,
}: {
  value: ChartInterval
  onChange: (next: ChartInterval) => void
}) {
  const intl = useIntl()
  return (
    <SegmentTabs
      value={value}
      onChange={onChange}
      scrollable
      dense
      aria-label={intl.formatMessage({ id: 'stock.chart.interval.label' })}
      style={{ paddingInline: 8 }}
      tabs={INTERVALS.map((interval) => ({
        value: interval,
        label: <FormattedMessage id={`stock.chart.interval.${interval}`} />,
        testId: intervalTestId(interval),
      }))}
    />
  )
}

/** Range and adjustment over the chart, the sub chart's indicator under it. */
export function RangeAndAdjust({
  settings,
  onRange,
  onAdjust,
}: {
  settings: ChartSettings
  onRange: (next: ChartRange) => void
  onAdjust: (next: PriceAdjust) => void
}) {
  const intl = useIntl()
  const t = (id: string) => intl.formatMessage({ id })
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 1, pb: 0.5, overflowX: 'auto' }}>
      <Choices
        label={t('stock.chart.range.label')}
        value={settings.range}
        options={RANGES}
        onChange={onRange}
        text={(range) => t(`stock.chart.range.${range}`)}
        testId={(range) => `chart-range-${range}`}
        disabled={(range) => !rangeAllowed(settings.interval, range)}
      />
      <Choices
        label={t('stock.chart.adjust.label')}
        value={settings.adjust}
        options={ADJUSTS}
        onChange={onAdjust}
        text={(adjust) => t(`stock.chart.adjust.${adjust}`)}
        testId={(adjust) => `chart-adjust-${adjust}`}
      />
    </Box>
  )
}

export function SubChooser({
  value,
  onChange,
}: {
  value: SubIndicator
  onChange: (next: SubIndicator) => void
}) {
  const intl = useIntl()
  return (
    <Box sx={{ px: 1, py: 0.5 }}>
      <Choices
        label={intl.formatMessage({ id: 'stock.chart.sub.label' })}
        value={value}
        options={SUB_INDICATORS}
        onChange={onChange}
        text={(sub) => intl.formatMessage({ id: `stock.chart.sub.${sub}` })}
        testId={(sub) => `chart-sub-${sub}`}
      />
    </Box>
  )
}
