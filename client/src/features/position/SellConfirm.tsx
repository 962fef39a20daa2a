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

/** The confirmation before a sell or a cancel is sent: what will happen, then yes or back. */
export function SellConfirm({
  open,
  titleId,
  rows,
  busy,
  onConfirm,
  onBack,
}: {
  open: boolean
  titleId: string
  rows: Array<{ labelId: string; value: ReactNode }>
  busy: boolean
  onConfirm: () => void
  onBack: () => void
}) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onBack}
      fullWidth
      data-testid="sell-confirmation"
    >
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
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} disabled={busy} data-testid="sell-back">
          <FormattedMessage id="stock.order.back" />
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid="sell-confirm"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          <FormattedMessage id="stock.order.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
