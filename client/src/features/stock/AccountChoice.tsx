import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import type { HoldingAccount } from '@kabu/shared/api/accounts'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'

/**
 * The buy ticket's account: 特定 (the taxable account) or NISA's growth frame, with what the frame
 * still takes. NISA is off, with the reason, for credit, for a code NISA does not take and while
 * no NISA account is open.
 */
export function AccountChoice({
  account,
  onAccount,
  leverage,
  room,
  closed,
}: {
  account: HoldingAccount
  onAccount: (account: HoldingAccount) => void
  leverage: number
  /** The growth room left (yen); null when the code or the user cannot buy in NISA. */
  room: string | null
  /** The code could go in NISA, but no NISA account is open. */
  closed: boolean
}) {
  const intl = useIntl()
  const reason =
    leverage > 1 || (room === null && !closed)
      ? 'stock.order.account.ineligible'
      : closed
        ? 'stock.order.account.closed'
        : null
  return (
    <Stack spacing={0.5} data-testid="order-account">
      <ToggleButtonGroup
        value={account}
        exclusive
        fullWidth
        size="small"
        onChange={(_, value: HoldingAccount | null) => value && onAccount(value)}
        aria-label={intl.formatMessage({ id: 'stock.order.account' })}
      >
        <ToggleButton value="taxable" data-testid="order-account-taxable">
          <FormattedMessage id="stock.order.account.taxable" />
        </ToggleButton>
        <ToggleButton value="nisa" disabled={reason !== null} data-testid="order-account-nisa">
          <FormattedMessage id="mine.accounts.kind.nisa" />
        </ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="caption" color="text.secondary" data-testid="order-account-note">
        {reason ? (
          <FormattedMessage id={reason} />
        ) : (
          <FormattedMessage
            id="stock.order.account.room"
            values={{ room: formatMoney(room, 'JPY', intl.locale) }}
          />
        )}
      </Typography>
    </Stack>
  )
}
