import Box from '@mui/material/Box'
import { useIntl } from 'react-intl'
import type { Market, Quote } from '@kabu/shared/market/types'
import { changeFormatOptions, PERCENT_CHANGE_OPTIONS, percentFraction } from './format'
import { useTrendColor } from './use-trend-color'

export interface ChangeProps {
  change: number | undefined
  changePct: number | undefined
  market: Market
  kind: Quote['kind']
  price: number
  /** `both`: "+12.5 +0.45%"; `pct`: the percent only; `pill`: the percent on a coloured block. */
  variant?: 'both' | 'pct' | 'pill'
  testId?: string
}

/** The day's change and percent change, signed and coloured by direction. */
export function Change({
  change,
  changePct,
  market,
  kind,
  price,
  variant = 'both',
  testId,
}: ChangeProps) {
  const intl = useIntl()
  const color = useTrendColor(change)
  const pct =
    changePct === undefined
      ? '--'
      : intl.formatNumber(percentFraction(changePct), PERCENT_CHANGE_OPTIONS)
  if (variant === 'pill') {
    return (
      <Box
        component="span"
        data-testid={testId}
        sx={{
          bgcolor: color,
          color: '#fff',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          minWidth: 76,
          display: 'inline-block',
          textAlign: 'center',
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          fontSize: 14,
        }}
      >
        {pct}
      </Box>
    )
  }
  const amount =
    change === undefined
      ? '--'
      : intl.formatNumber(change, changeFormatOptions(market, kind, price))
  return (
    <Box component="span" data-testid={testId} sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {variant === 'both' ? `${amount}  ${pct}` : pct}
    </Box>
  )
}
