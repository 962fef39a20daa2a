import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import { createChart, type IChartApi, type MouseEventParams } from 'lightweight-charts'
import { useEffect, useMemo, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { priceFractionDigits } from '../../../ui/price/format'
import { MarketLoadFailed } from '../../../ui/price/MarketLoadFailed'
import { useTrendPalette } from '../../../ui/price/use-trend-color'
import { ChartLegend } from './ChartLegend'
import { chartOptions, themeOptions } from './chart-options'
import { isIntraday, type ChartSettings } from './chart-settings'
import {
  createChartView,
  priceFormat,
  type ChartView,
  type Legend,
  type Palette,
} from './chart-views'
import { liveBars$ } from './live-bars'
import { useChartTheme } from './use-chart-theme'

/** The time-share line's colour: neutral blue, since the line itself is neither up nor down. */
const LINE_COLOR = '#2f6fed'
const HEIGHT = 340
const NO_LEGEND: Legend = { bar: undefined, main: [], sub: [], subIsPrice: false }

export interface StockChartProps {
  /** The quote the chart starts from: its code, market, precision, previous close and session. */
  anchor: Quote
  /** Interval, range and adjustment are fixed for a mounted chart (a change mounts a new one); the
   * sub chart's indicator changes in place. */
  settings: ChartSettings
}

/**
 * One live chart: fetches the bars, draws them with lightweight-charts (main and sub pane), moves
 * the last bar with every tick, shows the crosshair's values in a legend, follows the theme and the
 * up-colour setting, and is removed on unmount.
 */
export default function StockChart({ anchor, settings }: StockChartProps) {
  const { interval, range, adjust, sub } = settings
  const intl = useIntl()
  const trend = useTrendPalette()
  const palette = useMemo<Palette>(() => ({ ...trend, line: LINE_COLOR }), [trend])
  const theme = useChartTheme()
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<IChartApi | undefined>(undefined)
  const view = useRef<ChartView | undefined>(undefined)
  const latest = useRef({ palette, theme, sub })
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | 'error'>('loading')
  const [attempt, setAttempt] = useState(0)
  const [failure, setFailure] = useState<unknown>()
  const [legend, setLegend] = useState<Legend>(NO_LEGEND)
  const [count, setCount] = useState(0)
  const digits = priceFractionDigits(anchor.market, anchor.kind, anchor.price)
  const style = interval === 'ts' ? 'line' : 'candles'

  useEffect(() => {
    const el = box.current
    if (!el) return
    const { palette: colours, theme: look } = latest.current
    const axis = isIntraday(interval) ? 'exchange-time' : 'date'
    const api = createChart(el, chartOptions(anchor.market, axis, intl.locale, look))
    const format = priceFormat(intl.locale, digits)
    const v = createChartView(api, { style, format, palette: colours, prevClose: anchor.prevClose })
    v.setSub(latest.current.sub)
    chart.current = api
    view.current = v
    // While a finger holds the crosshair the legend shows that bar; otherwise the latest one.
    let pointed: number | undefined
    const onCrosshair = (param: MouseEventParams) => {
      pointed = typeof param.time === 'number' ? param.time : undefined
      setLegend(v.legend(pointed))
    }
    api.subscribeCrosshairMove(onCrosshair)
    const subscription = liveBars$(anchor, { interval, range, adjust }).subscribe({
      next(event) {
        if (event.type === 'reset') {
          v.setData(event.bars)
          api.timeScale().fitContent()
          // Once more after the first layout: the pane's width is known only then.
          requestAnimationFrame(() => {
            if (view.current === v) api.timeScale().fitContent()
          })
        } else {
          v.update(event.bar)
        }
        if (pointed === undefined) setLegend(v.legend(undefined))
        setCount(v.count())
        setState(v.count() > 0 ? 'ready' : 'empty')
      },
      error: (error: unknown) => {
        setFailure(error)
        setState('error')
      },
    })
    return () => {
      subscription.unsubscribe()
      api.unsubscribeCrosshairMove(onCrosshair)
      chart.current = undefined
      view.current = undefined
      api.remove()
    }
  }, [anchor, interval, range, adjust, style, digits, intl.locale, attempt])

  useEffect(() => {
    latest.current = { palette, theme, sub }
  })

  useEffect(() => {
    view.current?.recolor(palette)
    chart.current?.applyOptions(themeOptions(theme))
  }, [palette, theme])

  useEffect(() => {
    const v = view.current
    if (!v) return
    v.setSub(sub)
    setLegend(v.legend(undefined))
  }, [sub])

  const retry = () => {
    setState('loading')
    setAttempt((a) => a + 1)
  }
  return (
    <Box
      data-testid={style === 'line' ? 'chart-intraday' : 'chart-candles'}
      data-state={state}
      data-view={`${interval}:${range}:${adjust}:${sub}`}
      data-last-close={legend.bar?.close ?? ''}
      data-bars={count}
      sx={{ mx: 1 }}
    >
      <ChartLegend legend={legend} priceDigits={digits} place="main" />
      <Box sx={{ position: 'relative', height: HEIGHT }}>
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
            {state === 'loading' && (
              <CircularProgress
                size={28}
                aria-label={intl.formatMessage({ id: 'stock.chart.loading' })}
              />
            )}
            {state === 'empty' && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ px: 3, textAlign: 'center' }}
              >
                <FormattedMessage id="stock.chart.empty" />
              </Typography>
            )}
            {state === 'error' && <MarketLoadFailed error={failure} onRetry={retry} />}
          </Box>
        )}
      </Box>
      {/* Under the chart, where a finger on the crosshair does not cover it. */}
      <ChartLegend legend={legend} priceDigits={digits} place="sub" />
    </Box>
  )
}
