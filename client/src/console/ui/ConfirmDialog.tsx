import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'

export interface SummaryLine {
  label: string
  value: string
}

/** "Is this right?" before something is published or sent: the question, then what will go out. */
export function ConfirmDialog(props: {
  title: string
  lines: SummaryLine[]
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <dl style={{ margin: 0 }}>
          {props.lines.map((line) => (
            <div key={line.label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {line.label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, mb: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {line.value}
              </Typography>
            </div>
          ))}
        </dl>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>
          <FormattedMessage id="console.cancel" />
        </Button>
        <Button variant="contained" onClick={props.onConfirm}>
          <FormattedMessage id="console.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
