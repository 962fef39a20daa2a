import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'

/** Asks for the reason of a rejection (required: the customer is shown it). */
export function ReasonDialog(props: {
  title: string
  onConfirm: (reason: string) => void
  onClose: () => void
}) {
  const intl = useIntl()
  const [reason, setReason] = useState('')
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label={intl.formatMessage({ id: 'console.reviews.reason' })}
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>
          <FormattedMessage id="console.cancel" />
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={reason.trim() === ''}
          onClick={() => props.onConfirm(reason.trim())}
        >
          <FormattedMessage id="console.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
