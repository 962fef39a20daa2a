import Box from '@mui/material/Box'
import { useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { useTrendColor } from '../../ui/price/use-trend-color'
import { signOf } from './live-holdings'

/** A P/L figure (money or percent): signed, in the user's up/down colours. */
export function SignedMoney({
  value,
  currency,
  testId,
  percent,
}: {
  value: string | null
  currency: string
  testId?: string
  /** `value` is a percentage (decimal string) rather than money. */
  percent?: boolean
}) {
  const intl = useIntl()
  const sign = signOf(value)
  const color = useTrendColor(sign)
  const text = percent ? `${value ?? '—'}%` : formatMoney(value, currency, intl.locale)
  return (
    <Box component="span" sx={{ color, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
      {sign > 0 ? `+${text}` : text}
    </Box>
  )
}
