import { useEffect } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'

/**
 * Calls `onResult` when the back office decides this user's identity request, so a reviewing
 * screen turns verified or failed by itself. Listens only while `active`.
 */
export function useKycResult(active: boolean, onResult: () => void): void {
  useEffect(() => {
    if (!active) return undefined
    const subscription = userEvents$()
      .pipe(filter((event) => event.type === 'kyc:result'))
      .subscribe(() => onResult())
    return () => subscription.unsubscribe()
  }, [active, onResult])
}
