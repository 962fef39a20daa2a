import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { pwaState, updateLater, updateNow } from './pwa'

/**
 * "A new version is available" above the tab bar, while a new build's service worker waits. The
 * user chooses when to reload: an order form half filled in must not vanish on its own.
 */
export function UpdatePrompt() {
  const { updateReady } = useSnapshot(pwaState)
  if (!updateReady) return null
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="update-ready-text"
      elevation={6}
      data-testid="update-prompt"
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        left: 12,
        right: 12,
        bottom: 'calc(env(safe-area-inset-bottom) + 72px)',
        maxWidth: 456,
        mx: 'auto',
        px: 2,
        py: 1,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id="update-ready-text" variant="body2" sx={{ flex: 1 }}>
          <FormattedMessage id="common.shell.updateReady" />
        </Typography>
        <Button size="small" onClick={updateLater}>
          <FormattedMessage id="common.shell.updateLater" />
        </Button>
        <Button size="small" variant="contained" onClick={updateNow} data-testid="update-now">
          <FormattedMessage id="common.shell.updateNow" />
        </Button>
      </Stack>
    </Paper>
  )
}
