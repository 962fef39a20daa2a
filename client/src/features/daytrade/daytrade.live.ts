import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromCallback, fromPromise } from 'xstate'
import { userEvents$ } from '../../realtime/user-events'
import { daytradeMachine, type DaytradeEvent } from './daytrade.machine'
import { applyDaytrade, fetchSnapshot, placeDaytradeOrder } from './daytrade.api'
import { daytradeChanged$ } from './daytrade-watch'

/** The day-trading machine of one market with the app's actors: the calls and the live watch. */
export function liveDaytradeMachine(type: MarketType) {
  return daytradeMachine.provide({
    actors: {
      load: fromPromise(() => fetchSnapshot(type)),
      apply: fromPromise(({ input }) => applyDaytrade(type, input)),
      order: fromPromise(({ input }) => placeDaytradeOrder(input)),
      watch: fromCallback<DaytradeEvent, { id: string | null }>(({ sendBack }) => {
        const subscription = daytradeChanged$(userEvents$()).subscribe(sendBack)
        return () => subscription.unsubscribe()
      }),
    },
    actions: {
      newApplyIdem: assign({ applyIdem: () => crypto.randomUUID() }),
      newOrderIdem: assign({ orderIdem: () => crypto.randomUUID() }),
    },
  })
}
