import type { LoanInfo } from '@kabu/shared/api/loans'
import { CREDIT_FORMULA } from '@kabu/shared/loans'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Typography from '@mui/material/Typography'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'

/**
 * The published formula, with the user's own inputs beside each term, so the score and the limit
 * can be checked by hand (issue 4: "the formula shown in the app").
 */
export function FormulaExplained({ info }: { info: LoanInfo }) {
  const intl = useIntl()
  const f = CREDIT_FORMULA
  const factors = info.factors
  const lines = [
    { id: 'mine.loan.formula.base', values: { points: f.base } },
    {
      id: 'mine.loan.formula.verified',
      values: { points: f.verified, yes: String(factors.verified) },
    },
    {
      id: 'mine.loan.formula.age',
      values: { points: f.agePerMonth, max: f.ageMax, days: factors.account_age_days },
    },
    {
      id: 'mine.loan.formula.repaid',
      values: { points: f.repaidEach, max: f.repaidMax, count: factors.repaid_on_time },
    },
    {
      id: 'mine.loan.formula.overdue',
      values: { points: f.overduePenalty, count: factors.overdue },
    },
    {
      id: 'mine.loan.formula.limit',
      values: { deposits: formatMoney(factors.deposits, info.currency, intl.locale) },
    },
    { id: 'mine.loan.formula.interest', values: {} },
  ]
  return (
    <Accordion disableGutters sx={{ mx: 2, mt: 2 }} data-testid="loan-formula">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2">
          <FormattedMessage id="mine.loan.formula.title" />
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {lines.map((line) => (
          <Typography key={line.id} variant="body2" sx={{ mb: 0.5 }}>
            <FormattedMessage id={line.id} values={line.values} />
          </Typography>
        ))}
      </AccordionDetails>
    </Accordion>
  )
}
