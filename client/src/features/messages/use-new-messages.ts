import { useEffect } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'

/** Calls `onArrived` whenever a new message reaches this user over the `/user` socket. */
export function useNewMessages(onArrived: () => void): void {
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((event) => event.type === 'message:new'))
      .subscribe(() => onArrived())
    return () => subscription.unsubscribe()
  }, [onArrived])
}
