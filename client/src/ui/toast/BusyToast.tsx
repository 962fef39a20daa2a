import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import { keyframes } from '@emotion/react'
import { useIntl } from 'react-intl'

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

// Requests that finish within this time never flash a spinner.
export const BUSY_SHOW_DELAY_MS = 300

/**
 * The loading toast while requests run (spec §8). Mounted with the app, not with the lazy message
 * toasts: Paper and the spinner are in the first chunk anyway (the route fallback draws the same
 * spinner), so a quick request no longer downloads the Snackbar and Alert (issue 15).
 */
export function BusyToast({ busy }: { busy: boolean }) {
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
