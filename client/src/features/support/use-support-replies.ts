import type { SupportMessageEvent } from '@kabu/shared/api/support'
import { useEffect } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'

/** Calls `onReply` with every operator reply pushed to this user on the `/user` socket. */
export function useSupportReplies(onReply: (event: SupportMessageEvent) => void): void {
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((event): event is SupportMessageEvent => event.type === 'support:message'))
      .subscribe(onReply)
    return () => subscription.unsubscribe()
  }, [onReply])
}
