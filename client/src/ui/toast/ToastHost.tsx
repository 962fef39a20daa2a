import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Snackbar from '@mui/material/Snackbar'
import { useSnapshot } from 'valtio'
import { dismissToasts, toastState } from './toast.store'

/**
 * Shows the current toast (one at a time). Mounted once by the app, lazily (app/LazyToastHost):
 * the loading toast beside it is ui/toast/BusyToast.
 */
export function ToastHost() {
  const { current } = useSnapshot(toastState)
  return (
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
        action={
          current?.link ? (
            <Button
              color="inherit"
              size="small"
              href={current.link.href}
              onClick={dismissToasts}
              data-testid="toast-link"
            >
              {current.link.label}
            </Button>
          ) : undefined
        }
      >
        {current?.text}
      </Alert>
    </Snackbar>
  )
}
