import Box from '@mui/material/Box'
import { keyframes } from '@mui/material/styles'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import type { Market, Quote } from '@kabu/shared/market/types'
import { priceFormatOptions } from './format'
import { useTrendColor, useTrendPalette } from './use-trend-color'

const fade = keyframes`from { background-color: var(--flash); } to { background-color: transparent; }`

export interface PriceProps {
  value: number | undefined
  market: Market
  kind: Quote['kind']
  /** The day's change: decides the colour (up/down/flat). */
  change?: number
  testId?: string
  /** Greys the price out while it cannot be trusted to be current. */
  stale?: boolean
  fontSize?: number | string
}

/**
 * A price on the market's precision, coloured by the day's change, flashing briefly in the colour
 * of the move whenever it changes (so a user sees which prices just ticked).
 */
export function Price({ value, market, kind, change, testId, stale, fontSize }: PriceProps) {
  const intl = useIntl()
  const color = useTrendColor(change)
  const palette = useTrendPalette()
  // Derived during render (not in an effect) so the flash starts in the same paint as the number.
  const [seen, setSeen] = useState({ value, moves: 0, up: true })
  if (seen.value !== value) {
    // Only a move from one price to another flashes; the first price arriving does not.
    const before = seen.value
    const moved = value !== undefined && before !== undefined
    setSeen({ value, moves: moved ? seen.moves + 1 : seen.moves, up: moved && value > before })
  }
  const flashes = seen.moves > 0 && value !== undefined
  return (
    <Box
      component="span"
      key={seen.moves}
      data-testid={testId}
      sx={{
        color: stale ? 'text.disabled' : color,
        fontSize,
        fontVariantNumeric: 'tabular-nums',
        fontWeight: 600,
        borderRadius: 0.5,
        px: 0.25,
        '--flash': `${seen.up ? palette.up : palette.down}40`,
        animation: flashes ? `${fade} 700ms ease-out` : 'none',
      }}
    >
      {value === undefined
        ? '--'
        : intl.formatNumber(value, priceFormatOptions(market, kind, value))}
    </Box>
  )
}
