import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import type { ReactNode } from 'react'

/** The form's main button: shows progress and cannot be pressed twice while submitting. */
export function SubmitButton({
  submitting,
  testId = 'submit',
  children,
}: {
  submitting: boolean
  testId?: string
  children: ReactNode
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={submitting}
      data-testid={testId}
      aria-busy={submitting}
      startIcon={
        submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
      }
    >
      {children}
    </Button>
  )
}
