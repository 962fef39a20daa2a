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

/** The last look before a loan is asked for or repaid: the figures, and a failed try's refusal. */
export function LoanConfirmDialog(props: {
  open: boolean
  titleId: string
  rows: Array<{ labelId: string; value: ReactNode }>
  error: string | null
  busy: boolean
  /** `<testId>-confirm` and `<testId>-cancel` name the buttons. */
  testId: string
  onConfirm: () => void
  onCancel: () => void
  children?: ReactNode
}) {
  const { busy, testId } = props
  return (
    <Dialog open={props.open} onClose={busy ? undefined : props.onCancel} fullWidth>
      <DialogTitle>
        <FormattedMessage id={props.titleId} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {props.rows.map((row) => (
            <Stack key={row.labelId} direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage id={row.labelId} />
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.value}
              </Typography>
            </Stack>
          ))}
          {props.children}
          {props.error && (
            <Alert severity="error" data-testid={`${testId}-error`}>
              {translateServerMessage(props.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
          <FormattedMessage id="mine.loan.cancel" />
        </Button>
        <Button
          variant="contained"
          onClick={props.onConfirm}
          disabled={busy}
          data-testid={`${testId}-confirm`}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          <FormattedMessage id="mine.loan.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
