import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'

export interface ConfirmRow {
  labelId: string
  value: ReactNode
}

/** The last look before money moves: what will happen, and the refusal of a failed try. */
export function ConfirmDialog({
  open,
  titleId,
  rows,
  error,
  busy,
  testId,
  onConfirm,
  onCancel,
}: {
  open: boolean
  titleId: string
  rows: ConfirmRow[]
  error: string | null
  busy: boolean
  /** `<area>`: the buttons are `<area>-confirm` and `<area>-cancel`. */
  testId: string
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth>
      <DialogTitle>
        <FormattedMessage id={titleId} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {rows.map((row) => (
            <Stack
              key={row.labelId}
              direction="row"
              sx={{ justifyContent: 'space-between', gap: 2 }}
            >
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage id={row.labelId} />
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
                {row.value}
              </Typography>
            </Stack>
          ))}
          {error && <Alert severity="error">{translateServerMessage(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
          <FormattedMessage id="mine.funds.cancel" />
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid={`${testId}-confirm`}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          <FormattedMessage id="mine.funds.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
