import Alert from '@mui/material/Alert'
import FormControlLabel from '@mui/material/FormControlLabel'
import Paper from '@mui/material/Paper'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Typography from '@mui/material/Typography'
import { TAXABLE_KINDS, type TaxableKind } from '@kabu/shared/api/accounts'
import { FormattedMessage } from 'react-intl'

/**
 * The taxable account's kind: 特定口座 源泉徴収あり (the default), なし, 一般口座. The chooser is off,
 * with the reason, once the year has a sale in the taxable account.
 */
export function TaxableCard({
  kind,
  locked,
  onChoose,
}: {
  kind: TaxableKind
  locked: boolean
  onChoose: (kind: TaxableKind) => void
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="accounts-taxable">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        <FormattedMessage id="mine.accounts.taxable.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <FormattedMessage id="mine.accounts.taxable.help" />
      </Typography>
      <RadioGroup value={kind} onChange={(_, value) => onChoose(value as TaxableKind)}>
        {TAXABLE_KINDS.map((k) => (
          <FormControlLabel
            key={k}
            value={k}
            disabled={locked}
            control={
              <Radio slotProps={{ input: { 'data-testid': `accounts-kind-${k}` } as object }} />
            }
            label={<FormattedMessage id={`mine.accounts.kind.${k}`} />}
          />
        ))}
      </RadioGroup>
      {locked && (
        <Alert severity="info" data-testid="accounts-kind-locked">
          <FormattedMessage id="mine.accounts.taxable.locked" />
        </Alert>
      )}
    </Paper>
  )
}
