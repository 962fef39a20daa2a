import { useEffect } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'

/** Calls `onArrived` whenever a notification record is written for this user (`notification:new`). */
export function useNewNotifications(onArrived: () => void): void {
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((event) => event.type === 'notification:new'))
      .subscribe(() => onArrived())
    return () => subscription.unsubscribe()
  }, [onArrived])
}
