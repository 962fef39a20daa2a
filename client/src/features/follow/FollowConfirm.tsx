import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import type { FollowSend } from './use-follow'

/** The confirmation before money moves (a buy, an end): what happens, then yes or no. */
export function FollowConfirm(props: {
  open: boolean
  busy: boolean
  error: string | null
  titleId: string
  children: ReactNode
  send: FollowSend
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
          <Alert severity="error" sx={{ mt: 2 }} data-testid="follow-confirm-error">
            {translateServerMessage(props.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button disabled={props.busy} onClick={() => send({ type: 'CANCEL' })}>
          <FormattedMessage id="home.follow.cancel" />
        </Button>
        <Button
          variant="contained"
          disabled={props.busy}
          onClick={() => send({ type: 'CONFIRM' })}
          data-testid="follow-confirm"
        >
          <FormattedMessage id="home.follow.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
