import Box from '@mui/material/Box'
import { useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Legend, LegendItem } from './chart-views'

const DOT = {
  display: 'inline-block',
  width: 8,
  height: 8,
  borderRadius: '50%',
  mr: 0.5,
  verticalAlign: 'middle',
} as const

/**
 * The values under the crosshair (or of the last bar), in text a phone can read: OHLC and volume,
 * the moving averages over the main pane and the sub chart's values over the sub pane.
 */
export function ChartLegend({
  legend,
  priceDigits,
  place,
}: {
  legend: Legend
  priceDigits: number
  place: 'main' | 'sub'
}) {
  const intl = useIntl()
  const formats = useMemo(
    () => ({
      price: new Intl.NumberFormat(intl.locale, {
        minimumFractionDigits: priceDigits,
        maximumFractionDigits: priceDigits,
      }),
      volume: new Intl.NumberFormat(intl.locale, { notation: 'compact', maximumFractionDigits: 2 }),
      value: new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 2 }),
    }),
    [intl.locale, priceDigits],
  )
  const { bar } = legend
  const items = place === 'main' ? legend.main : legend.sub
  // The line's colour marks its value with a dot: the text keeps the legend's readable grey, as
  // the line colours (orange 1.9:1 on the page) are too light for small text.
  const show = (item: LegendItem, format: Intl.NumberFormat) => (
    <Box component="span" key={item.key} sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" aria-hidden sx={{ ...DOT, bgcolor: item.color }} />
      {item.key} {item.value === undefined ? '–' : format.format(item.value)}
    </Box>
  )
  return (
    <Box
      data-testid={`chart-legend-${place}`}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 1,
        px: 1,
        fontSize: 12,
        lineHeight: '18px',
        fontVariantNumeric: 'tabular-nums',
        color: 'text.secondary',
        minHeight: 18,
      }}
    >
      {place === 'main' && bar && (
        <>
          {(['open', 'high', 'low', 'close'] as const).map((field) => (
            <Box component="span" key={field} sx={{ whiteSpace: 'nowrap' }}>
              <FormattedMessage id={`stock.chart.legend.${field}`} />{' '}
              {formats.price.format(bar[field])}
            </Box>
          ))}
        </>
      )}
      {place === 'sub' && bar && items.length === 0 && (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <FormattedMessage id="stock.chart.legend.volume" /> {formats.volume.format(bar.volume)}
        </Box>
      )}
      {items.map((item) =>
        show(item, place === 'main' || legend.subIsPrice ? formats.price : formats.value),
      )}
    </Box>
  )
}
