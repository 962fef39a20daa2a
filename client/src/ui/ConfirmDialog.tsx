import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { useId, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../i18n/intl'

/**
 * The last look before money moves or an order goes: what will happen, then yes or no. One for
 * every area, so each behaves alike: while the command is on its way both buttons are off, the
 * confirm button spins and the dialog cannot be dismissed (a tap outside must not lose the answer);
 * a refusal shows in the user's language above the buttons, and the dialog stays open to try again
 * or step back.
 */
export function ConfirmDialog(props: {
  open: boolean
  /** The title's message id; without one, what the dialog says names it. */
  titleId?: string
  busy: boolean
  /** The server's refusal (a message key), or null. */
  error: string | null
  /** `<testId>-confirm`, `<testId>-cancel` and `<testId>-error`. */
  testId: string
  onConfirm: () => void
  onCancel: () => void
  /** The buttons' labels: "confirm" and "cancel" unless the area says what the act is. */
  confirmId?: string
  cancelId?: string
  /** A destructive act (removing a card) says so in red. */
  danger?: boolean
  /** Still missing what the act needs (a password being typed). */
  confirmDisabled?: boolean
  /** Names the dialog itself for tests that wait on it. */
  dialogTestId?: string
  /** Runs once the dialog has closed: forms inside forget what was typed. */
  onExited?: () => void
  children: ReactNode
}) {
  const { busy, testId } = props
  const contentId = useId()
  return (
    <Dialog
      open={props.open}
      onClose={busy ? undefined : props.onCancel}
      fullWidth
      {...(props.titleId ? {} : { 'aria-labelledby': contentId })}
      data-testid={props.dialogTestId}
      slotProps={props.onExited ? { transition: { onExited: props.onExited } } : undefined}
    >
      {props.titleId && (
        <DialogTitle>
          <FormattedMessage id={props.titleId} />
        </DialogTitle>
      )}
      <DialogContent>
        {/* Room above: a form's first field floats its label over its top edge. */}
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <Stack spacing={1.5} id={contentId}>
            {props.children}
          </Stack>
          {props.error && (
            <Alert severity="error" data-testid={`${testId}-error`}>
              {translateServerMessage(props.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
          <FormattedMessage id={props.cancelId ?? 'common.cancel'} />
        </Button>
        <Button
          variant="contained"
          color={props.danger ? 'error' : 'primary'}
          onClick={props.onConfirm}
          disabled={busy || props.confirmDisabled}
          data-testid={`${testId}-confirm`}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          <FormattedMessage id={props.confirmId ?? 'common.confirm'} />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
