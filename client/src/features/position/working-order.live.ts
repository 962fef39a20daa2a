import { assign, fromPromise } from 'xstate'
import { amendOrder, cancelHolding } from './position.api'
import { workingOrderMachine } from './working-order.machine'

/** The working-order machine with the app's calls. */
export const liveWorkingOrderMachine = () =>
  workingOrderMachine.provide({
    actors: {
      amend: fromPromise(({ input }) => amendOrder(input)),
      cancelOrder: fromPromise(({ input }) => cancelHolding(input.id)),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
