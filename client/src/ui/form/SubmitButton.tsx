import type { ReactNode } from 'react'
import { Button } from '../plain/Button'
import { Spinner } from '../plain/Spinner'

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
    >
      {submitting && <Spinner size={18} inherit />}
      {children}
    </Button>
  )
}
