import AddIcon from '@mui/icons-material/Add'
import RemoveIcon from '@mui/icons-material/Remove'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'

/**
 * A number with − and + buttons big enough for a thumb. The text stays editable: `onText` gets what
 * was typed and the caller decides what it means (lots are whole, prices snap to the grid).
 */
export function Stepper({
  label,
  text,
  onText,
  onStep,
  testId,
  helper,
  decimal,
}: {
  label: ReactNode
  text: string
  onText: (text: string) => void
  onStep: (direction: 1 | -1) => void
  /** `<id>`: the field is `<id>`, the buttons `<id>-down` and `<id>-up`. */
  testId: string
  helper?: ReactNode
  decimal?: boolean
}) {
  const intl = useIntl()
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <IconButton
        onClick={() => onStep(-1)}
        aria-label={intl.formatMessage({ id: 'stock.order.decrease' })}
        data-testid={`${testId}-down`}
        sx={{ mt: 1 }}
      >
        <RemoveIcon />
      </IconButton>
      <TextField
        label={label}
        value={text}
        onChange={(e) => onText(e.target.value)}
        helperText={helper}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: {
            inputMode: decimal ? 'decimal' : 'numeric',
            'data-testid': testId,
            style: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
          },
        }}
      />
      <IconButton
        onClick={() => onStep(1)}
        aria-label={intl.formatMessage({ id: 'stock.order.increase' })}
        data-testid={`${testId}-up`}
        sx={{ mt: 1 }}
      >
        <AddIcon />
      </IconButton>
    </Stack>
  )
}
