import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../i18n/intl'

/** What a screen shows when its first load failed: the server's reason and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Alert severity="error">{translateServerMessage(error ?? 'network_error')}</Alert>
      <Button onClick={onRetry}>
        <FormattedMessage id="common.retry" />
      </Button>
    </Stack>
  )
}
