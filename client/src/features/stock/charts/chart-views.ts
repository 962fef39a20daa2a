import {
  CandlestickSeries,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import type { Bar } from '@kabu/shared/market/types'
import { upsertBar } from '../bars'

export interface Palette {
  up: string
  down: string
  flat: string
  line: string
}

/** A chart's series behind one interface: fill from scratch, move the last bar, recolour. */
export interface ChartView {
  setData(bars: Bar[]): void
  update(bar: Bar): void
  recolor(palette: Palette): void
  count(): number
}

export interface PriceFormat {
  precision: number
  minMove: number
}

const at = (bar: Bar) => bar.time as UTCTimestamp
// Volume is drawn faint so it reads as background to the price.
const volumeBar = (bar: Bar, p: Palette) => ({
  time: at(bar),
  value: bar.volume,
  color: `${bar.close >= bar.open ? p.up : p.down}66`,
})

/** Volume as a histogram on its own scale, in the bottom fifth of the pane. */
function addVolume(chart: IChartApi) {
  const series = chart.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: 'volume',
    lastValueVisible: false,
    priceLineVisible: false,
  })
  series.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
  return series
}

/** Daily (and longer) candles with volume. */
export function candleView(chart: IChartApi, format: PriceFormat, palette: Palette): ChartView {
  let p = palette
  const bars: Bar[] = []
  const candles = chart.addSeries(CandlestickSeries, {
    priceFormat: { type: 'price', ...format },
    borderVisible: false,
  })
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } })
  const volume = addVolume(chart)
  const colors = () => ({
    upColor: p.up,
    downColor: p.down,
    wickUpColor: p.up,
    wickDownColor: p.down,
  })
  candles.applyOptions(colors())
  const candle = (bar: Bar) => ({
    time: at(bar),
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
  })
  return {
    setData(next) {
      bars.splice(0, bars.length, ...next)
      candles.setData(bars.map(candle))
      volume.setData(bars.map((b) => volumeBar(b, p)))
    },
    update(bar) {
      if (!upsertBar(bars, bar)) return
      candles.update(candle(bar))
      volume.update(volumeBar(bar, p))
    },
    recolor(next) {
      p = next
      candles.applyOptions(colors())
      volume.setData(bars.map((b) => volumeBar(b, p)))
    },
    count: () => bars.length,
  }
}

/** The intraday line of 1-minute closes with volume, and the previous close as a dashed line. */
export function lineView(
  chart: IChartApi,
  format: PriceFormat,
  palette: Palette,
  prevClose: number,
): ChartView {
  let p = palette
  const bars: Bar[] = []
  const line = chart.addSeries(LineSeries, {
    priceFormat: { type: 'price', ...format },
    color: p.line,
    lineWidth: 2,
  })
  line.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } })
  const base = line.createPriceLine({
    price: prevClose,
    color: p.flat,
    lineStyle: LineStyle.Dashed,
    lineWidth: 1,
    axisLabelVisible: true,
  })
  const volume = addVolume(chart)
  const point = (bar: Bar) => ({ time: at(bar), value: bar.close })
  return {
    setData(next) {
      bars.splice(0, bars.length, ...next)
      line.setData(bars.map(point))
      volume.setData(bars.map((b) => volumeBar(b, p)))
    },
    update(bar) {
      if (!upsertBar(bars, bar)) return
      line.update(point(bar))
      volume.update(volumeBar(bar, p))
    },
    recolor(next) {
      p = next
      line.applyOptions({ color: p.line })
      base.applyOptions({ color: p.flat })
      volume.setData(bars.map((b) => volumeBar(b, p)))
    },
    count: () => bars.length,
  }
}
