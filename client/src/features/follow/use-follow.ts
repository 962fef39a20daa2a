import { useMachine } from '@xstate/react'
import { liveFollowMachine } from './live-follow'

/** One live follow machine: on a product (the buy) or on one of the user's orders. */
export function useFollow(input: { productId?: string; orderId?: string }) {
  return useMachine(liveFollowMachine, { input })
}

export type FollowState = ReturnType<typeof useFollow>[0]
export type FollowSend = ReturnType<typeof useFollow>[1]

/** The machine's state as spec §4 names it (the top-level state). */
export const stateName = (state: FollowState) =>
  typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]
