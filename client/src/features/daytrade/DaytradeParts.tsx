import { daytradeStatusName, type DaytradeParticipation } from '@kabu/shared/api/daytrade'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { formatMoney } from '../../ui/money'

/** One label and its value on a line. */
export function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ textAlign: 'right' }}>
        {children}
      </Typography>
    </Stack>
  )
}

export function useDaytradeFormat() {
  const intl = useIntl()
  return {
    money: (value: string | null, currency: string) => formatMoney(value, currency, intl.locale),
    time: (ms: number) =>
      intl.formatDate(ms, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    name: (n: { ja: string; zh: string; en: string }) =>
      n[intl.locale.startsWith('zh') ? 'zh' : intl.locale.startsWith('en') ? 'en' : 'ja'],
  }
}

const COLOR = {
  submitted: 'info',
  applied: 'info',
  trading: 'success',
  traded: 'default',
  failed: 'error',
} as const

/** Spec §4's intraday status of a participation, as a chip. */
export function StatusChip({ p }: { p: DaytradeParticipation }) {
  const name = daytradeStatusName(p.status) ?? 'submitted'
  return (
    <Chip
      size="small"
      color={COLOR[name]}
      label={<FormattedMessage id={`home.daytrade.status.${name}`} />}
      data-testid="daytrade-status"
      data-status={name}
    />
  )
}

/** The confirmation before money moves or an order goes: what happens, then yes or no. */
export function Confirm(props: {
  open: boolean
  busy: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
  children: ReactNode
}) {
  // No title: what the confirmation says names the dialog.
  const textId = useId()
  return (
    <Dialog
      open={props.open}
      onClose={() => !props.busy && props.onCancel()}
      aria-labelledby={textId}
    >
      <DialogContent>
        <Typography id={textId}>{props.children}</Typography>
        {props.error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="daytrade-error">
            {translateServerMessage(props.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button disabled={props.busy} onClick={props.onCancel}>
          <FormattedMessage id="home.daytrade.cancel" />
        </Button>
        <Button
          variant="contained"
          disabled={props.busy}
          onClick={props.onConfirm}
          data-testid="daytrade-confirm"
        >
          <FormattedMessage id="home.daytrade.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
