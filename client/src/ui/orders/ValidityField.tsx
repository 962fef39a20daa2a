import TextField from '@mui/material/TextField'
import { FormattedMessage, useIntl } from 'react-intl'
import { validityDate } from './order-sentence'

/**
 * The validity picker of a buy or sell ticket: today (`day`), or a date up to the longest validity,
 * each day the market trades (use-validity-days.ts).
 */
export function ValidityField({
  days,
  value,
  onChange,
  testId,
}: {
  /** The order's own trading day first. */
  days: readonly string[]
  value: string
  onChange: (validity: string) => void
  testId: string
}) {
  const intl = useIntl()
  return (
    <TextField
      select
      size="small"
      label={<FormattedMessage id="stock.orders.validity" />}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId } }}
    >
      {days.map((day, i) => (
        <option key={day} value={i === 0 ? 'day' : day}>
          {i === 0
            ? intl.formatMessage({ id: 'stock.orders.validity.day' })
            : intl.formatMessage(
                { id: 'stock.orders.validity.until' },
                { date: validityDate(intl, day, true) },
              )}
        </option>
      ))}
    </TextField>
  )
}
