import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromCallback, fromPromise } from 'xstate'
import { fetchHolding } from '../../api/holdings'
import { holdingStatus$ } from '../../realtime/holding-status'
import { cancelHolding, sellHolding } from './position.api'
import { sellMachine, type StatusEvent } from './sell.machine'

/** The sell machine with the app's calls, for one holding of wallet `type`. */
export function liveSellMachine(type: MarketType) {
  return sellMachine.provide({
    actors: {
      sell: fromPromise(({ input }) => sellHolding(input)),
      cancelOrder: fromPromise(({ input }) => cancelHolding(input.id)),
      watch: fromCallback<StatusEvent, { id: string }>(({ sendBack, input }) => {
        const read = async () => (await fetchHolding(type, input.id))?.status
        const watch = holdingStatus$(input.id, read).subscribe((status) =>
          sendBack({ type: 'STATUS', status }),
        )
        return () => watch.unsubscribe()
      }),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
