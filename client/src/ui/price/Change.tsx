import type { CSSProperties } from 'react'
import { useIntl } from 'react-intl'
import type { Market, Quote } from '@kabu/shared/market/types'
import { changeFormatOptions, PERCENT_CHANGE_OPTIONS, percentFraction } from './format'
import { useTrendColor, useTrendFill } from './use-trend-color'

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

// Fixed styles: live lists re-render this ten times a second per row (see Price).
const PILL: CSSProperties = {
  color: '#fff',
  borderRadius: 4,
  padding: '4px 8px',
  minWidth: 76,
  display: 'inline-block',
  textAlign: 'center',
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  fontSize: 14,
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
  const fill = useTrendFill(change)
  const pct =
    changePct === undefined
      ? '--'
      : intl.formatNumber(percentFraction(changePct), PERCENT_CHANGE_OPTIONS)
  if (variant === 'pill') {
    return (
      <span data-testid={testId} style={{ ...PILL, backgroundColor: fill }}>
        {pct}
      </span>
    )
  }
  const amount =
    change === undefined
      ? '--'
      : intl.formatNumber(change, changeFormatOptions(market, kind, price))
  return (
    <span data-testid={testId} style={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {variant === 'both' ? `${amount}  ${pct}` : pct}
    </span>
  )
}
