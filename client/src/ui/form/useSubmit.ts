import { useCallback, useRef, useState } from 'react'
import { isBrokerRefusal } from '../../api/refusal'

/**
 * Runs a form's submit once at a time and tells whether it is running, for the button's progress.
 * A refusal of the server has already been toasted by the api client, so it only ends the run.
 */
export function useSubmit(action: () => Promise<void>): {
  submitting: boolean
  submit: () => void
} {
  const [submitting, setSubmitting] = useState(false)
  const running = useRef(false)
  const submit = useCallback(() => {
    if (running.current) return
    running.current = true
    setSubmitting(true)
    action()
      .catch((error: unknown) => {
        if (!isBrokerRefusal(error)) throw error
      })
      .finally(() => {
        running.current = false
        setSubmitting(false)
      })
  }, [action])
  return { submitting, submit }
}
