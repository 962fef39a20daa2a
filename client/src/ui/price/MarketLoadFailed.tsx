import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { MarketApiError } from '../../realtime/market-api'

/** Says why market data did not load (translated server key when there is one) and offers a retry. */
export function MarketLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl()
  const id = `server.${error instanceof MarketApiError ? error.msg : 'network_error'}`
  const reason =
    id in intl.messages
      ? intl.formatMessage({ id })
      : intl.formatMessage({ id: 'server.network_error' })
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: 'center', py: 4, px: 2, textAlign: 'center' }}
      role="alert"
    >
      <ErrorOutlineIcon color="error" />
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="market.loadFailed" values={{ reason }} />
      </Typography>
      <Button variant="outlined" size="small" onClick={onRetry} data-testid="retry">
        <FormattedMessage id="market.retry" />
      </Button>
    </Stack>
  )
}
