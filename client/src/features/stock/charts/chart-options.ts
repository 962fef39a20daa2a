import { ColorType, CrosshairMode, type ChartOptions, type DeepPartial } from 'lightweight-charts'
import type { Market } from '@kabu/shared/market/types'
import { chartTimeFormat } from './time-format'

export interface ChartTheme {
  text: string
  grid: string
}

/** The look of every stock chart: transparent on the app's background, phone-friendly gestures. */
export function chartOptions(
  market: Market,
  axis: 'exchange-time' | 'date',
  locale: string,
  theme: ChartTheme,
): DeepPartial<ChartOptions> {
  const time = chartTimeFormat(market, axis, locale)
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: theme.text,
      fontSize: 12,
    },
    grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: {
      borderVisible: false,
      timeVisible: axis === 'exchange-time',
      secondsVisible: false,
      tickMarkFormatter: time.tickMarkFormatter,
    },
    localization: {
      locale,
      timeFormatter: time.timeFormatter,
    },
    // A vertical swipe over the chart scrolls the page; only sideways swipes pan the chart.
    handleScroll: { vertTouchDrag: false },
    // A finger is not precise: the crosshair snaps to the bars' closes, whose values the legend shows.
    crosshair: { mode: CrosshairMode.Magnet },
  }
}

/** Chart colours that follow the app theme (light or dark). */
export const themeOptions = (theme: ChartTheme): DeepPartial<ChartOptions> => ({
  layout: { textColor: theme.text },
  grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
})
