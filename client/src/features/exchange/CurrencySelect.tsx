import type { Currency } from '@kabu/shared/money/currencies'
import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import NativeSelect from '@mui/material/NativeSelect'
import { useId } from 'react'
import { useIntl } from 'react-intl'

/** A currency picker; the phone's own picker (a native select) is the quickest on a small screen. */
export function CurrencySelect({
  name,
  labelId,
  value,
  options,
  onChange,
}: {
  name: string
  labelId: string
  value: Currency
  options: readonly Currency[]
  onChange: (currency: Currency) => void
}) {
  const intl = useIntl()
  const id = useId()
  const inputProps = { id, name, 'data-testid': name }
  return (
    <FormControl fullWidth>
      <InputLabel variant="standard" htmlFor={id}>
        {intl.formatMessage({ id: labelId })}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(e) => onChange(e.target.value as Currency)}
        inputProps={inputProps}
      >
        {options.map((c) => (
          <option key={c} value={c}>
            {c} — {intl.formatMessage({ id: `mine.exchange.currency.${c}` })}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  )
}
