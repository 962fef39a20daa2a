import { useMachine } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'
import { liveIpoMachine } from './live-ipo'

/** One live IPO machine per offer; the `/user` push of its draw reloads it at once. */
export function useIpo(offerId: string) {
  const machine = useMemo(() => liveIpoMachine(offerId), [offerId])
  const [state, send] = useMachine(machine)
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((e) => e.type === 'ipo:drawn' && e.id === offerId))
      .subscribe(() => send({ type: 'DRAWN' }))
    return () => subscription.unsubscribe()
  }, [offerId, send])
  return [state, send] as const
}

export type IpoState = ReturnType<typeof useIpo>[0]
export type IpoSend = ReturnType<typeof useIpo>[1]
