import type { RefusalRule } from '@kabu/shared/api/trust'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'

/**
 * Every rule that can refuse a withdrawal, as the server's table lists them: each in this
 * language by its key (with the server's figures), or the server's own words for a rule this
 * build has no text for yet.
 */
export function RefusalRules({ rules }: { rules: readonly RefusalRule[] }) {
  const intl = useIntl()
  const text = (rule: RefusalRule) => {
    const id = `mine.trust.rule.${rule.key}`
    // A minimum is money: shown with this locale's digits, as every amount is.
    const { min, currency } = rule.values
    const values =
      min && currency
        ? { ...rule.values, min: formatMoney(min, currency, intl.locale) }
        : rule.values
    return id in intl.messages ? intl.formatMessage({ id }, values) : rule.text
  }
  return (
    <Card variant="outlined" data-testid="trust-rules">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          <FormattedMessage id="mine.trust.rules.title" />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="mine.trust.rules.hint" />
        </Typography>
        <List dense>
          {rules.map((rule, i) => (
            <ListItem key={rule.key} disableGutters data-testid={`trust-rule-${rule.key}`}>
              <ListItemText primary={`${i + 1}. ${text(rule)}`} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  )
}
