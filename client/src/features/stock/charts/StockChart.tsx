import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import { createChart, type IChartApi } from 'lightweight-charts'
import { useEffect, useMemo, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { priceFractionDigits } from '../../../ui/price/format'
import { MarketLoadFailed } from '../../../ui/price/MarketLoadFailed'
import { useTrendPalette } from '../../../ui/price/use-trend-color'
import { chartOptions, themeOptions } from './chart-options'
import { candleView, lineView, type ChartView, type Palette } from './chart-views'
import { PERIODS, type ChartPeriod } from './periods'
import { useChartTheme } from './use-chart-theme'

/** The intraday line's colour: neutral blue, since the line itself is neither up nor down. */
const LINE_COLOR = '#2f6fed'
const HEIGHT = 300

export interface StockChartProps {
  /** The quote the chart starts from: its code, market, precision, previous close and session. */
  anchor: Quote
  period: ChartPeriod
}

/**
 * One live chart: fetches the period's bars, draws them with lightweight-charts, moves the last
 * bar with every tick, follows the theme and the up-colour setting, and is removed on unmount.
 */
export default function StockChart({ anchor, period }: StockChartProps) {
  const spec = PERIODS[period]
  const intl = useIntl()
  const trend = useTrendPalette()
  const palette = useMemo<Palette>(() => ({ ...trend, line: LINE_COLOR }), [trend])
  const theme = useChartTheme()
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<IChartApi | undefined>(undefined)
  const view = useRef<ChartView | undefined>(undefined)
  const latest = useRef({ palette, theme })
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | 'error'>('loading')
  const [attempt, setAttempt] = useState(0)
  const [failure, setFailure] = useState<unknown>()

  useEffect(() => {
    const el = box.current
    if (!el) return
    const { palette: colours, theme: look } = latest.current
    const digits = priceFractionDigits(anchor.market, anchor.kind, anchor.price)
    const api = createChart(el, chartOptions(anchor.market, spec, intl.locale, look, digits))
    const format = { precision: digits, minMove: Number((10 ** -digits).toFixed(digits)) }
    const v =
      spec.style === 'candles'
        ? candleView(api, format, colours)
        : lineView(api, format, colours, anchor.prevClose)
    chart.current = api
    view.current = v
    const subscription = spec.bars$(anchor).subscribe({
      next(event) {
        if (event.type === 'reset') {
          v.setData(event.bars)
          const n = v.count()
          if (spec.visibleBars && n > spec.visibleBars) {
            api.timeScale().setVisibleLogicalRange({ from: n - spec.visibleBars, to: n + 1 })
          } else {
            api.timeScale().fitContent()
          }
        } else {
          v.update(event.bar)
        }
        setState(v.count() > 0 ? 'ready' : 'empty')
      },
      error: (error: unknown) => {
        setFailure(error)
        setState('error')
      },
    })
    return () => {
      subscription.unsubscribe()
      chart.current = undefined
      view.current = undefined
      api.remove()
    }
  }, [anchor, spec, intl.locale, attempt])

  useEffect(() => {
    latest.current = { palette, theme }
    view.current?.recolor(palette)
    chart.current?.applyOptions(themeOptions(theme))
  }, [palette, theme])

  const retry = () => {
    setState('loading')
    setAttempt((a) => a + 1)
  }
  return (
    <Box sx={{ position: 'relative', height: HEIGHT, mx: 1 }} data-testid={spec.testId}>
      <Box ref={box} sx={{ position: 'absolute', inset: 0 }} />
      {state !== 'ready' && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: state === 'error' ? 'background.default' : 'transparent',
          }}
        >
          {state === 'loading' && <CircularProgress size={28} />}
          {state === 'empty' && (
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="stock.chartEmpty" />
            </Typography>
          )}
          {state === 'error' && <MarketLoadFailed error={failure} onRetry={retry} />}
        </Box>
      )}
    </Box>
  )
}
