import type { LoanRecord, LoanStatusCode } from '@kabu/shared/api/loans'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { formatMoney } from '../../ui/money'

const STATUS: Record<
  LoanStatusCode,
  { id: string; colour: 'warning' | 'primary' | 'error' | 'success' }
> = {
  0: { id: 'mine.loan.status.0', colour: 'warning' },
  1: { id: 'mine.loan.status.1', colour: 'primary' },
  2: { id: 'mine.loan.status.2', colour: 'error' },
  3: { id: 'mine.loan.status.3', colour: 'success' },
}

const when = (ms: number) => (
  <FormattedDate value={ms} dateStyle="short" timeStyle="short" hourCycle="h23" />
)

function Line({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id={labelId} />
      </Typography>
      <Typography variant="body2">{children}</Typography>
    </Stack>
  )
}

/** The wallet's loans, newest first, with the repay action on the one owed. */
export function LoanHistory(props: { loans: LoanRecord[]; onRepay?: () => void }) {
  const intl = useIntl()
  if (props.loans.length === 0) return <EmptyState />
  return (
    <Stack divider={<Divider />} data-testid="loan-history">
      {props.loans.map((loan) => {
        const money = (v: string) => formatMoney(v, loan.currency, intl.locale)
        const status = STATUS[loan.status]
        return (
          <Stack key={loan.id} spacing={0.5} sx={{ p: 2 }} data-testid={`loan-row-${loan.id}`}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {money(loan.money)}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color={status.colour}
                label={<FormattedMessage id={status.id} />}
                data-testid={`loan-status-${loan.id}`}
                data-status={loan.status}
              />
            </Stack>
            <Line labelId="mine.loan.orderNo">{loan.order_no}</Line>
            <Line labelId="mine.loan.created">{when(loan.created)}</Line>
            {loan.status !== 0 && loan.status !== 2 && (
              <Line labelId="mine.loan.interest">{money(loan.interest)}</Line>
            )}
            {loan.due !== null && loan.status === 1 && (
              <Line labelId="mine.loan.due">{when(loan.due)}</Line>
            )}
            {loan.repaid !== null && <Line labelId="mine.loan.repaidAt">{when(loan.repaid)}</Line>}
            {loan.status === 2 && loan.reason && (
              <Typography variant="body2" color="error">
                {translateServerMessage(loan.reason)}
              </Typography>
            )}
            {loan.status === 1 && (
              <>
                <Line labelId="mine.loan.owed">{money(loan.owed)}</Line>
                {props.onRepay && (
                  <Button variant="contained" onClick={props.onRepay} data-testid="loan-repay">
                    <FormattedMessage id="mine.loan.repay" />
                  </Button>
                )}
              </>
            )}
          </Stack>
        )
      })}
    </Stack>
  )
}
