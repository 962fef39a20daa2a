import HighlightOffIcon from '@mui/icons-material/HighlightOff'
import HourglassTopIcon from '@mui/icons-material/HourglassTop'
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined'
import TaskAltIcon from '@mui/icons-material/TaskAlt'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'

export type LoanStage = 'pendingReview' | 'approved' | 'rejected' | 'repaid'

const ICON = {
  pendingReview: { Icon: HourglassTopIcon, colour: 'warning' },
  approved: { Icon: PaymentsOutlinedIcon, colour: 'primary' },
  rejected: { Icon: HighlightOffIcon, colour: 'error' },
  repaid: { Icon: TaskAltIcon, colour: 'success' },
} as const

/** Where the user's loan stands: in review, owed (repay in the records), rejected, repaid. */
export function LoanOutcome(props: { stage: LoanStage; reason: string | null; onNew: () => void }) {
  const { Icon, colour } = ICON[props.stage]
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', p: 3 }}
      role="status"
      data-testid="loan-outcome"
      data-state={props.stage}
    >
      <Icon color={colour} sx={{ fontSize: 56 }} />
      <Typography variant="h6" sx={{ textAlign: 'center' }}>
        <FormattedMessage id={`mine.loan.stage.${props.stage}`} />
      </Typography>
      {props.stage === 'rejected' && props.reason && (
        <Typography color="error">{translateServerMessage(props.reason)}</Typography>
      )}
      <Button
        component={RouterLink}
        to="/mine/loanOrder"
        variant={props.stage === 'approved' ? 'contained' : 'outlined'}
        fullWidth
        data-testid="loan-records"
      >
        <FormattedMessage
          id={props.stage === 'approved' ? 'mine.loan.goRepay' : 'mine.loan.records'}
        />
      </Button>
      {(props.stage === 'rejected' || props.stage === 'repaid') && (
        <Button onClick={props.onNew} variant="contained" fullWidth data-testid="loan-new">
          <FormattedMessage id="mine.loan.again" />
        </Button>
      )}
    </Stack>
  )
}
