import { useMachine } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'
import { isIpoEvent } from './ipo-events'
import { liveIpoMachine } from './ipo.live'

/**
 * One live IPO machine per offer; the `/user` pushes about it (its draw, its withdrawal, a waiver
 * by the deadline) reload it at once.
 */
export function useIpo(offerId: string) {
  const machine = useMemo(() => liveIpoMachine(offerId), [offerId])
  const [state, send] = useMachine(machine)
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((e) => isIpoEvent(e) && e.id === offerId))
      .subscribe((e) => send({ type: e.type === 'ipo:drawn' ? 'DRAWN' : 'CHANGED' }))
    return () => subscription.unsubscribe()
  }, [offerId, send])
  return [state, send] as const
}

export type IpoState = ReturnType<typeof useIpo>[0]
export type IpoSend = ReturnType<typeof useIpo>[1]
