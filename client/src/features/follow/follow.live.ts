import { assign, fromPromise } from 'xstate'
import { buyProduct, endOrder, fetchFollowSnapshot } from './follow.api'
import { followMachine } from './follow.machine'

/** The follow machine with the app's actors: the /api/vue calls and fresh keys. */
export const liveFollowMachine = followMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchFollowSnapshot(input)),
    buy: fromPromise(({ input }) => buyProduct(input)),
    end: fromPromise(({ input }) => endOrder(input)),
  },
  actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
})
