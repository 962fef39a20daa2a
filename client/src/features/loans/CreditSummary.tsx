import type { LoanInfo } from '@kabu/shared/api/loans'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { ratePercent } from './loan-form'

function Figure({ labelId, value, testId }: { labelId: string; value: ReactNode; testId: string }) {
  return (
    <Stack sx={{ flex: 1, alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id={labelId} />
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  )
}

/** Credit score, loanable limit, what is owed and the disclosed daily rate. */
export function CreditSummary({ info }: { info: LoanInfo }) {
  const intl = useIntl()
  const money = (v: string) => formatMoney(v, info.currency, intl.locale)
  return (
    <Card variant="outlined" sx={{ mx: 2, mt: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={1}>
          <Figure labelId="mine.loan.score" value={info.credit_score} testId="loan-score" />
          <Figure labelId="mine.loan.limit" value={money(info.limit)} testId="loan-limit" />
          <Figure labelId="mine.loan.loaned" value={money(info.loaned)} testId="loan-loaned" />
        </Stack>
        <Typography variant="body2" sx={{ mt: 1, textAlign: 'center' }} data-testid="loan-rate">
          <FormattedMessage
            id="mine.loan.rate"
            values={{ rate: ratePercent(info.rate_daily), days: info.term_days }}
          />
        </Typography>
      </CardContent>
    </Card>
  )
}
