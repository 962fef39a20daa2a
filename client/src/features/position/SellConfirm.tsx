import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { FigureRows, type FigureRow } from '../../ui/FigureRows'

/** The confirmation before a sell or a cancel is sent: what will happen, then yes or back. */
export function SellConfirm({
  open,
  titleId,
  rows,
  busy,
  onConfirm,
  onBack,
  children,
}: {
  open: boolean
  titleId: string
  rows: FigureRow[]
  busy: boolean
  onConfirm: () => void
  onBack: () => void
  /** What the user still chooses before confirming (the quantity of a sell). */
  children?: ReactNode
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
          {children}
          <FigureRows rows={rows} />
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
