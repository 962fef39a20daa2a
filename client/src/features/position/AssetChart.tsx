import Box from '@mui/material/Box'
import { useTheme } from '@mui/material/styles'
import type { AssetPoint } from '@kabu/shared/api/assets'
import {
  ColorType,
  createChart,
  createSeriesMarkers,
  LineSeries,
  type SeriesMarker,
  type Time,
} from 'lightweight-charts'
import { useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useTrendPalette } from '../../ui/price/use-trend-color'
import { chartLine, depositMarks } from './asset-history'

/**
 * The net-assets line over the closes (lightweight-charts, as the stock chart draws), deposits
 * and withdrawals marked where they happened. Loaded lazily with its library.
 */
export default function AssetChart({
  points,
  digits,
}: {
  points: readonly AssetPoint[]
  /** Decimals the wallet's money is shown with (0 for yen). */
  digits: number
}) {
  const box = useRef<HTMLDivElement>(null)
  const intl = useIntl()
  const theme = useTheme()
  const { up, down } = useTrendPalette()
  useEffect(() => {
    if (!box.current) return
    const chart = createChart(box.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: theme.palette.text.secondary,
        fontSize: 12,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: theme.palette.divider } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
      localization: { locale: intl.locale },
      handleScroll: { vertTouchDrag: false },
    })
    const line = chart.addSeries(LineSeries, {
      // The theme's primary: a shade that reads on the light and the dark background alike.
      color: theme.palette.primary.main,
      lineWidth: 2,
      priceFormat: { type: 'price', precision: digits, minMove: 10 ** -digits },
    })
    line.setData(chartLine(points))
    const markers = depositMarks(points).map((m): SeriesMarker<Time> => ({
      time: m.date,
      position: m.kind === 'deposit' ? 'belowBar' : 'aboveBar',
      shape: m.kind === 'deposit' ? 'arrowUp' : 'arrowDown',
      color: m.kind === 'deposit' ? up : down,
      text: intl.formatMessage({ id: `stock.assets.mark.${m.kind}` }),
    }))
    createSeriesMarkers(line, markers)
    chart.timeScale().fitContent()
    return () => chart.remove()
  }, [points, digits, intl, theme, up, down])
  return <Box ref={box} sx={{ height: 220 }} data-testid="asset-chart" />
}
