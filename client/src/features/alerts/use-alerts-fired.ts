import { useEffect } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'

/** Calls `onFired` whenever one of this user's alerts fires (the list shows its new state). */
export function useAlertsFired(onFired: () => void): void {
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((event) => event.type === 'alert:triggered'))
      .subscribe(() => onFired())
    return () => subscription.unsubscribe()
  }, [onFired])
}
