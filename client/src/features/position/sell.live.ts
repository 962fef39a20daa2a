import type { MarketType } from '@kabu/shared/market/types'
import { holdingRows, type WireHolding } from '@kabu/shared/api/trade'
import { assign, fromCallback, fromPromise } from 'xstate'
import { cancelHolding, fetchEndedHoldings, fetchOpenHoldings, sellHolding } from './position.api'
import { sellMachine, type StatusEvent } from './sell.machine'

/** How often a closing holding is re-read until the sell has filled. */
const WATCH_MS = 2000

async function statusOf(type: MarketType, id: string): Promise<number | undefined> {
  const find = (rows: WireHolding[]) => rows.find((h) => h.id === id)?.status
  return (
    find(holdingRows(await fetchOpenHoldings(type))) ??
    find(holdingRows(await fetchEndedHoldings(type)))
  )
}

/** The sell machine with the app's calls, for one holding of wallet `type`. */
export function liveSellMachine(type: MarketType) {
  return sellMachine.provide({
    actors: {
      sell: fromPromise(({ input }) => sellHolding(input)),
      cancelOrder: fromPromise(({ input }) => cancelHolding(input.id)),
      watch: fromCallback<StatusEvent, { id: string }>(({ sendBack, input }) => {
        let stopped = false
        const read = () =>
          statusOf(type, input.id).then(
            (status) => status !== undefined && !stopped && sendBack({ type: 'STATUS', status }),
            () => undefined,
          )
        void read()
        const timer = setInterval(() => void read(), WATCH_MS)
        return () => {
          stopped = true
          clearInterval(timer)
        }
      }),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
