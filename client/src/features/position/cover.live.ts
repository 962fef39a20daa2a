import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromPromise } from 'xstate'
import { coverMachine } from './cover.machine'
import { coverShort } from './position.api'

/** The cover machine with the app's call, for one short of wallet `type`. */
export function liveCoverMachine(type: MarketType) {
  return coverMachine.provide({
    actors: { cover: fromPromise(({ input }) => coverShort({ type, ...input })) },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
