import type { UserEvent } from '@kabu/shared/realtime'
import { useMachine } from '@xstate/react'
import { useEffect } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'
import { liveFollowMachine } from './follow.live'

/** A follow order changed on the clock: a day's profit paid, or returned at its deadline. */
export const isProductUpdate = (
  e: UserEvent,
): e is Extract<UserEvent, { type: 'product:updated' }> => e.type === 'product:updated'

/**
 * One live follow machine: on a product (the buy) or on one of the user's orders. A `/user` push
 * about its order (a day paid, the deadline's return) reloads it at once, unless a confirmation
 * or a call is in flight.
 */
export function useFollow(input: { productId?: string; orderId?: string }) {
  const [state, send, actor] = useMachine(liveFollowMachine, { input })
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter(isProductUpdate))
      .subscribe((e) => {
        const now = actor.getSnapshot()
        if (e.id !== now.context.orderId || now.hasTag('confirm') || now.hasTag('busy')) return
        send({ type: 'REFRESH' })
      })
    return () => subscription.unsubscribe()
  }, [actor, send])
  return [state, send] as const
}

export type FollowState = ReturnType<typeof useFollow>[0]
export type FollowSend = ReturnType<typeof useFollow>[1]

/** The machine's state as spec §4 names it (the top-level state). */
export const stateName = (state: FollowState) =>
  typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]
