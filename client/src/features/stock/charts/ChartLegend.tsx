import Box from '@mui/material/Box'
import { useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Legend, LegendItem } from './chart-views'

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
  const show = (item: LegendItem, format: Intl.NumberFormat) => (
    <Box component="span" key={item.key} sx={{ color: item.color, whiteSpace: 'nowrap' }}>
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
