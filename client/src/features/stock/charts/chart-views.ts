import {
  CandlestickSeries,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type PriceFormatCustom,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts'
import {
  movingAverages,
  subIndicatorLines,
  type IndicatorLine,
  type SubIndicator,
} from '@kabu/shared/market/indicators'
import type { Bar } from '@kabu/shared/market/types'
import { upsertBar } from '../bars'

export interface Palette {
  up: string
  down: string
  flat: string
  line: string
}

/**
 * How the main pane's prices read: the market's decimals in the user's locale. (A chart-wide
 * localization.priceFormatter would format the volume and indicator scales as prices too.)
 */
export function priceFormat(locale: string, digits: number): PriceFormatCustom {
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  return {
    type: 'custom',
    minMove: Number((10 ** -digits).toFixed(digits)),
    formatter: (value: number) => number.format(value),
  }
}

/** One value the legend shows: a series' name, colour and value at the crosshair (or the last). */
export interface LegendItem {
  key: string
  color: string
  value: number | undefined
}

export interface Legend {
  bar: Bar | undefined
  main: LegendItem[]
  sub: LegendItem[]
  /** The sub chart's values are prices (BOLL's bands), shown as the main pane's prices are. */
  subIsPrice: boolean
}

/** A chart's series behind one interface: fill from scratch, move the last bar, change the sub chart. */
export interface ChartView {
  setData(bars: Bar[]): void
  update(bar: Bar): void
  setSub(kind: SubIndicator): void
  recolor(palette: Palette): void
  count(): number
  /** Legend values at a bar time, or at the last bar when `time` is undefined. */
  legend(time: number | undefined): Legend
}

/** Line colours of MA5/10/20/60 and of each sub chart's lines, in the order the lines come. */
const LINE_COLORS = ['#f5a623', '#2f6fed', '#b04fd8', '#16a6a6']
/**
 * Indicators depend on earlier bars only through decaying averages: recomputing the last 300 bars
 * gives the newest value to display precision, at a fraction of the cost of the whole series.
 */
const WARM_UP_BARS = 300
const SUB_PANE = 1
/** The main pane takes three quarters of the height, the sub chart the rest. */
const PANE_STRETCH = [3, 1]

const at = (time: number) => time as UTCTimestamp
const volumeColor = (bar: Bar, p: Palette) => `${bar.close >= bar.open ? p.up : p.down}99`

interface Drawn {
  key: string
  color: string
  series: ISeriesApi<SeriesType>
  /** value by bar time, for the legend. */
  values: Map<number, number>
  style: IndicatorLine['style']
}

/**
 * The stock chart: candles with MA5/10/20/60 (or the time-share line with the previous close
 * dashed) in the main pane, and volume or one indicator (MACD, KDJ, RSI, BOLL) in a sub pane.
 * Indicators come from shared/market/indicators (trading-signals).
 */
export function createChartView(
  chart: IChartApi,
  options: {
    style: 'candles' | 'line'
    format: PriceFormatCustom
    palette: Palette
    prevClose: number
  },
): ChartView {
  let p = options.palette
  let sub: SubIndicator = 'vol'
  const bars: Bar[] = []
  const { format } = options
  const quiet = { lastValueVisible: false, priceLineVisible: false }

  const candles =
    options.style === 'candles'
      ? chart.addSeries(CandlestickSeries, { priceFormat: format, borderVisible: false })
      : undefined
  const line =
    options.style === 'line'
      ? chart.addSeries(LineSeries, { priceFormat: format, color: p.line, lineWidth: 2 })
      : undefined
  const base = line?.createPriceLine({
    price: options.prevClose,
    color: p.flat,
    lineStyle: LineStyle.Dashed,
    lineWidth: 1,
    axisLabelVisible: true,
  })
  const candleColors = () => ({
    upColor: p.up,
    downColor: p.down,
    wickUpColor: p.up,
    wickDownColor: p.down,
  })
  candles?.applyOptions(candleColors())

  // Moving averages only over candles: the time-share line is already the price itself.
  const averages: Drawn[] = candles
    ? movingAverages([]).map((l, i) => {
        const color = LINE_COLORS[i % LINE_COLORS.length] ?? p.line
        const series = chart.addSeries(LineSeries, {
          color,
          lineWidth: 1,
          priceFormat: format,
          ...quiet,
        })
        return { key: l.key, color, series, values: new Map(), style: 'line' }
      })
    : []

  let volume: ISeriesApi<'Histogram'> | undefined
  let indicators: Drawn[] = []

  const volumePoint = (bar: Bar) => ({
    time: at(bar.time),
    value: bar.volume,
    color: volumeColor(bar, p),
  })
  const histogramColor = (value: number) => (value >= 0 ? p.up : p.down)
  const point = (style: IndicatorLine['style'], time: number, value: number) =>
    style === 'histogram'
      ? { time: at(time), value, color: histogramColor(value) }
      : { time: at(time), value }

  function buildSub() {
    if (volume) chart.removeSeries(volume)
    for (const drawn of indicators) chart.removeSeries(drawn.series)
    volume = undefined
    indicators = []
    if (sub === 'vol') {
      volume = chart.addSeries(
        HistogramSeries,
        { priceFormat: { type: 'volume' }, ...quiet },
        SUB_PANE,
      )
      volume.setData(bars.map(volumePoint))
    } else {
      indicators = subIndicatorLines(bars, sub).map((l, i) => {
        const color = LINE_COLORS[i % LINE_COLORS.length] ?? p.line
        const series =
          l.style === 'histogram'
            ? chart.addSeries(HistogramSeries, { ...quiet }, SUB_PANE)
            : chart.addSeries(
                LineSeries,
                // BOLL's bands are prices: its scale reads like the main pane's ("3,200.0").
                {
                  color,
                  lineWidth: 1,
                  ...quiet,
                  ...(sub === 'boll' ? { priceFormat: format } : {}),
                },
                SUB_PANE,
              )
        series.setData(l.points.map((pt) => point(l.style, pt.time, pt.value)))
        const values = new Map(l.points.map((pt) => [pt.time, pt.value]))
        return { key: l.key, color, series, values, style: l.style }
      })
    }
    chart.panes().forEach((pane, i) => pane.setStretchFactor(PANE_STRETCH[i] ?? 1))
  }

  const candle = (bar: Bar) => ({
    time: at(bar.time),
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
  })

  function fillAverages() {
    movingAverages(bars).forEach((l, i) => {
      const drawn = averages[i]
      if (!drawn) return
      drawn.series.setData(l.points.map((pt) => ({ time: at(pt.time), value: pt.value })))
      drawn.values = new Map(l.points.map((pt) => [pt.time, pt.value]))
    })
  }

  /** Moves each line's newest point after the last bar changed. */
  function updateLines(drawn: Drawn[], lines: IndicatorLine[]) {
    lines.forEach((l, i) => {
      const target = drawn[i]
      const last = l.points.at(-1)
      if (!target || !last || last.time !== bars.at(-1)?.time) return
      target.series.update(point(target.style, last.time, last.value))
      target.values.set(last.time, last.value)
    })
  }

  const itemsAt = (drawn: Drawn[], time: number | undefined): LegendItem[] =>
    drawn.map((d) => ({
      key: d.key,
      color: d.color,
      value: time === undefined ? undefined : d.values.get(time),
    }))

  return {
    setData(next) {
      bars.splice(0, bars.length, ...next)
      candles?.setData(bars.map(candle))
      line?.setData(bars.map((bar) => ({ time: at(bar.time), value: bar.close })))
      fillAverages()
      buildSub()
    },
    update(bar) {
      if (!upsertBar(bars, bar)) return
      candles?.update(candle(bar))
      line?.update({ time: at(bar.time), value: bar.close })
      volume?.update(volumePoint(bar))
      const recent = bars.slice(-WARM_UP_BARS)
      if (averages.length) updateLines(averages, movingAverages(recent))
      if (indicators.length) updateLines(indicators, subIndicatorLines(recent, sub))
    },
    setSub(kind) {
      if (kind === sub) return
      sub = kind
      buildSub()
    },
    recolor(next) {
      p = next
      candles?.applyOptions(candleColors())
      line?.applyOptions({ color: p.line })
      base?.applyOptions({ color: p.flat })
      buildSub()
    },
    count: () => bars.length,
    legend(time) {
      const bar = time === undefined ? bars.at(-1) : findBar(bars, time)
      const t = bar?.time
      return {
        bar,
        main: itemsAt(averages, t),
        sub: itemsAt(indicators, t),
        subIsPrice: sub === 'boll',
      }
    },
  }
}

/** The bar starting at `time` (bars are in time order). */
function findBar(bars: readonly Bar[], time: number): Bar | undefined {
  let lo = 0
  let hi = bars.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const bar = bars[mid]
    if (!bar) return undefined
    if (bar.time === time) return bar
    if (bar.time < time) lo = mid + 1
    else hi = mid - 1
  }
  return undefined
}
