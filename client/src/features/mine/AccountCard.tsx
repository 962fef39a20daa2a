import AccountCircleIcon from '@mui/icons-material/AccountCircle'
import MenuIcon from '@mui/icons-material/Menu'
import Card from '@mui/material/Card'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'

// getUserinfo's `verified` follows /user/verifyInfo's status codes.
const VERIFICATION: Record<
  number,
  { id: string; color: 'default' | 'info' | 'success' | 'error' }
> = {
  0: { id: 'mine.verified.none', color: 'default' },
  1: { id: 'mine.verified.reviewing', color: 'info' },
  2: { id: 'mine.verified.done', color: 'success' },
  3: { id: 'mine.verified.failed', color: 'error' },
}

/** Who is logged in, whether they are verified, and the button that opens the user panel. */
export function AccountCard({
  account,
  verified,
  onOpenPanel,
}: {
  account: string
  verified?: number
  onOpenPanel: () => void
}) {
  const intl = useIntl()
  const status = verified === undefined ? undefined : VERIFICATION[verified]
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <AccountCircleIcon sx={{ fontSize: 48, color: 'primary.main' }} />
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
          <Typography variant="h6" noWrap data-testid="mine-account">
            {account}
          </Typography>
          {status && (
            <Chip
              size="small"
              color={status.color}
              label={<FormattedMessage id={status.id} />}
              sx={{ alignSelf: 'flex-start' }}
            />
          )}
        </Stack>
        <IconButton
          data-testid="open-panel"
          aria-label={intl.formatMessage({ id: 'mine.panel.open' })}
          onClick={onOpenPanel}
          size="large"
        >
          <MenuIcon />
        </IconButton>
      </Stack>
    </Card>
  )
}
