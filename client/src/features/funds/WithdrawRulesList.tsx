import type { WithdrawRules } from '@kabu/shared/api/funds'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { formatMoney } from '../../ui/money'

/**
 * The published withdrawal rules (DESIGN.md: these and nothing else), each with whether it holds
 * for the user now and, where the user can act, a link to do so.
 */
export function WithdrawRulesList({ rules }: { rules: WithdrawRules }) {
  const intl = useIntl()
  const money = (v: string) => formatMoney(v, rules.currency, intl.locale)
  const items: Array<{
    id: string
    ok: boolean | null
    values?: Record<string, string>
    fix?: string
  }> = [
    { id: 'verified', ok: rules.verified, fix: '/mine/verified' },
    { id: 'card', ok: rules.card_bound, fix: '/mine/bankAdd' },
    { id: 'fundPassword', ok: rules.fund_password_set, fix: '/mine/fundPassword' },
    { id: 'window', ok: rules.window_open, values: { window: rules.window } },
    // Amount rules hold or not once an amount is typed; they are shown with their figures.
    { id: 'minimum', ok: null, values: { min: money(rules.min) } },
    { id: 'withdrawable', ok: null, values: { amount: money(rules.withdrawable) } },
  ]
  return (
    <List dense data-testid="withdraw-rules">
      {items.map((item) => (
        <ListItem
          key={item.id}
          data-testid={`withdraw-rule-${item.id}`}
          data-ok={item.ok === null ? undefined : String(item.ok)}
          secondaryAction={
            item.ok === false && item.fix ? (
              <Button component={RouterLink} to={item.fix} size="small">
                <FormattedMessage id="mine.funds.withdraw.fix" />
              </Button>
            ) : undefined
          }
        >
          <ListItemIcon sx={{ minWidth: 32 }}>
            {item.ok === false ? (
              <RadioButtonUncheckedIcon color="error" fontSize="small" />
            ) : (
              <CheckCircleIcon color={item.ok ? 'success' : 'disabled'} fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText
            primary={intl.formatMessage({ id: `mine.funds.withdraw.rule.${item.id}` }, item.values)}
          />
        </ListItem>
      ))}
    </List>
  )
}
