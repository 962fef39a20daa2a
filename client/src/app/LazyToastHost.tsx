import { lazy, Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { toastState } from '../ui/toast/toast.store'

const ToastHost = lazy(async () => ({ default: (await import('../ui/toast/ToastHost')).ToastHost }))

/**
 * Mounts the toasts once the first toast or busy request comes (Snackbar, Alert and their
 * transitions are ~3 KB gzip the login form does not need). The busy toast shows only after
 * 300 ms, time enough to fetch them.
 */
export function LazyToastHost() {
  const { current, busy } = useSnapshot(toastState)
  const [needed, setNeeded] = useState(false)
  if (!needed && (current !== null || busy)) setNeeded(true)
  return needed ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null
}
