import { lazy, Suspense, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { BUSY_SHOW_DELAY_MS, BusyToast } from '../ui/toast/BusyToast'
import { toastState } from '../ui/toast/toast.store'

const ToastHost = lazy(async () => ({
  default: (await import('./ThemedToastHost')).ThemedToastHost,
}))

/**
 * The loading toast at once, and the message toasts once the first toast comes (Snackbar and
 * Alert under the theme: MUI and emotion, which the login form does not need, issue 15). A
 * request still running when its spinner shows fetches them too, so the error toast it may end
 * with is ready: a quick one (the login form's config) fetches nothing.
 */
export function LazyToastHost() {
  const { current, busy } = useSnapshot(toastState)
  const [needed, setNeeded] = useState(false)
  if (!needed && current !== null) setNeeded(true)
  useEffect(() => {
    if (needed || !busy) return
    const timer = setTimeout(() => setNeeded(true), BUSY_SHOW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [needed, busy])
  return (
    <>
      <BusyToast busy={busy} />
      {needed && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  )
}
