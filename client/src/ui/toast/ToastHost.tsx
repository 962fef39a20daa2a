import Alert from '@mui/material/Alert'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Snackbar from '@mui/material/Snackbar'
import { keyframes } from '@emotion/react'
import { useIntl } from 'react-intl'
import { useSnapshot } from 'valtio'
import { dismissToasts, toastState } from './toast.store'

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

// Requests that finish within this time never flash a spinner.
const BUSY_SHOW_DELAY_MS = 300

/** Shows the current toast and, while requests run, the loading toast. Mounted once by the app. */
export function ToastHost() {
  const { current, busy } = useSnapshot(toastState)
  return (
    <>
      <Snackbar
        key={current?.id}
        open={current !== null}
        autoHideDuration={current?.durationMs ?? null}
        onClose={(_, reason) => reason !== 'clickaway' && dismissToasts()}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        // Below the app bar (56 px), so a toast never hides the title or the back button.
        sx={{ top: { xs: 'calc(env(safe-area-inset-top) + 64px)' } }}
      >
        <Alert
          severity={
            current?.severity === 'error'
              ? 'error'
              : current?.severity === 'success'
                ? 'success'
                : 'info'
          }
          variant="filled"
          onClose={dismissToasts}
          sx={{ width: '100%', alignItems: 'center' }}
          role="alert"
        >
          {current?.text}
        </Alert>
      </Snackbar>
      <BusyToast busy={busy} />
    </>
  )
}

function BusyToast({ busy }: { busy: boolean }) {
  const intl = useIntl()
  if (!busy) return null
  return (
    <Paper
      elevation={6}
      role="status"
      aria-label={intl.formatMessage({ id: 'common.loading' })}
      sx={{
        position: 'fixed',
        top: '45%',
        left: '50%',
        transform: 'translate(-50%, -50%)',
        p: 2.5,
        borderRadius: 3,
        zIndex: (t) => t.zIndex.snackbar,
        bgcolor: 'rgba(0,0,0,0.72)',
        color: '#fff',
        display: 'flex',
        pointerEvents: 'none',
        // Invisible for the first moments, so requests that finish quickly never flash it.
        animation: `${appear} 150ms ease-out ${BUSY_SHOW_DELAY_MS}ms both`,
      }}
    >
      {/* The box says "loading" (its label): the spinner only draws it. */}
      <CircularProgress size={28} color="inherit" aria-hidden />
    </Paper>
  )
}
