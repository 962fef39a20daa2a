import { ColorType, type ChartOptions, type DeepPartial } from 'lightweight-charts'
import type { Market } from '@kabu/shared/market/types'
import type { PeriodSpec } from './periods'
import { chartTimeFormat } from './time-format'

export interface ChartTheme {
  text: string
  grid: string
}

/** The look of every stock chart: transparent on the app's background, phone-friendly gestures. */
export function chartOptions(
  market: Market,
  spec: PeriodSpec,
  locale: string,
  theme: ChartTheme,
  priceDigits: number,
): DeepPartial<ChartOptions> {
  const time = chartTimeFormat(market, spec.timeAxis, locale)
  const price = new Intl.NumberFormat(locale, {
    minimumFractionDigits: priceDigits,
    maximumFractionDigits: priceDigits,
  })
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: theme.text,
      fontSize: 11,
    },
    grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: {
      borderVisible: false,
      timeVisible: spec.timeAxis === 'exchange-time',
      secondsVisible: false,
      tickMarkFormatter: time.tickMarkFormatter,
    },
    localization: {
      locale,
      timeFormatter: time.timeFormatter,
      priceFormatter: (value: number) => price.format(value),
    },
    // A vertical swipe over the chart scrolls the page; only sideways swipes pan the chart.
    handleScroll: { vertTouchDrag: false },
  }
}

/** Chart colours that follow the app theme (light or dark). */
export const themeOptions = (theme: ChartTheme): DeepPartial<ChartOptions> => ({
  layout: { textColor: theme.text },
  grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
})
