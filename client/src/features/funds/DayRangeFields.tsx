import ClearIcon from '@mui/icons-material/Clear'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useIntl } from 'react-intl'
import { calendarMax, type DayRange } from './day-range'

/**
 * The records' day filter: two date fields, each the phone's own calendar, that offer no day past
 * spec §9's calendar default (six months ahead), and a `to` never before `from`; one tap clears.
 */
export function DayRangeFields({
  value,
  onChange,
}: {
  value: DayRange
  onChange: (next: DayRange) => void
}) {
  const intl = useIntl()
  const max = calendarMax(new Date())
  const field = (which: keyof DayRange, labelId: string, bounds: { min?: string; max: string }) => (
    <TextField
      type="date"
      size="small"
      fullWidth
      label={intl.formatMessage({ id: labelId })}
      value={value[which]}
      onChange={(e) => onChange({ ...value, [which]: e.target.value })}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { ...bounds, 'data-testid': `records-${which}` },
      }}
    />
  )
  return (
    <Stack direction="row" spacing={1} sx={{ px: 1.5, pb: 1, alignItems: 'center' }}>
      {field('from', 'mine.funds.records.from', { max: value.to || max })}
      {field('to', 'mine.funds.records.to', { min: value.from || undefined, max })}
      <IconButton
        aria-label={intl.formatMessage({ id: 'mine.funds.records.allDays' })}
        disabled={!value.from && !value.to}
        onClick={() => onChange({ from: '', to: '' })}
        data-testid="records-days-clear"
      >
        <ClearIcon />
      </IconButton>
    </Stack>
  )
}
