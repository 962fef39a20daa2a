import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import type { IpoSend } from './use-ipo'

/** The confirmation before money moves (subscribe, pay, waive): what happens, then yes or no. */
export function ConfirmDialog(props: {
  open: boolean
  busy: boolean
  error: string | null
  titleId: string
  children: ReactNode
  send: IpoSend
}) {
  const { send } = props
  return (
    <Dialog open={props.open} onClose={() => !props.busy && send({ type: 'CANCEL' })}>
      <DialogTitle>
        <FormattedMessage id={props.titleId} />
      </DialogTitle>
      <DialogContent>
        {props.children}
        {props.error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="ipo-confirm-error">
            {translateServerMessage(props.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button disabled={props.busy} onClick={() => send({ type: 'CANCEL' })}>
          <FormattedMessage id="home.ipo.cancel" />
        </Button>
        <Button
          variant="contained"
          disabled={props.busy}
          onClick={() => send({ type: 'CONFIRM' })}
          data-testid="ipo-confirm"
        >
          <FormattedMessage id="home.ipo.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
