import { lazy, Suspense, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { toastState } from '../ui/toast/toast.store'

const ToastHost = lazy(async () => ({ default: (await import('../ui/toast/ToastHost')).ToastHost }))

/**
 * Mounts the toasts once the first toast or busy request comes (Snackbar, Alert and their
 * transitions are ~7 KB gzip the login form does not need); the code is fetched on idle before.
 */
export function LazyToastHost() {
  const { current, busy } = useSnapshot(toastState)
  const [needed, setNeeded] = useState(false)
  if (!needed && (current !== null || busy)) setNeeded(true)
  useEffect(() => {
    const id = setTimeout(() => void import('../ui/toast/ToastHost'), 3000)
    return () => clearTimeout(id)
  }, [])
  return needed ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null
}
