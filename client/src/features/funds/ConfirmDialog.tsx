import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { FormattedMessage } from 'react-intl'
import { FigureRows, type FigureRow } from '../../ui/FigureRows'
import { translateServerMessage } from '../../i18n/intl'

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
  rows: FigureRow[]
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
          <FigureRows rows={rows} />
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
