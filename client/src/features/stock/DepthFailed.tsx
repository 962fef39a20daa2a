import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'

/** The book or the tape could not be followed: say so and offer to ask again. */
export function DepthFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: 'center', py: 4, px: 2, textAlign: 'center' }}
      role="alert"
    >
      <ErrorOutlineIcon color="error" />
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="stock.depth.failed" />
      </Typography>
      <Button variant="outlined" size="small" onClick={onRetry} data-testid="depth-retry">
        <FormattedMessage id="stock.depth.retry" />
      </Button>
    </Stack>
  )
}
