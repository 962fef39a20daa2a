import { HOLDING } from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromCallback, fromPromise } from 'xstate'
import { requestTrustFunds } from '../../api/credit'
import { fetchHolding } from '../../api/holdings'
import { userFeed$ } from '../../realtime/user-events'
import { creditEvents$, type ReadCall } from './credit-watch'
import { creditMachine, type CreditEvent } from './credit.machine'

/** Position `id`'s call as `/trade/userstocklist` lists it, or CLOSED once it has ended. */
const readCall =
  (type: MarketType, id: string): ReadCall =>
  async () => {
    const h = await fetchHolding(type, id)
    if (!h?.credit) return undefined
    if (h.status === HOLDING.closed || h.status === HOLDING.cancelled) return { type: 'CLOSED' }
    const { call_deadline: deadline, call_amount: amount } = h.credit
    return deadline === null ? { type: 'MET' } : { type: 'CALLED', deadline, amount }
  }

/**
 * The credit machine with the app's actors: the gateway's `/trade/ustocks`, and the `/user`
 * pushes of this position (credit:call) and of trust-funds reviews (review:decided, credit), with
 * the position's call read again whenever the socket (re)connects (credit-watch.ts).
 */
export function liveCreditMachine(type: MarketType) {
  return creditMachine.provide({
    actors: {
      submit: fromPromise(({ input }) => requestTrustFunds(input)),
      watch: fromCallback<CreditEvent, { id: string }>(({ sendBack, input }) => {
        const subscription = creditEvents$(
          input.id,
          userFeed$(),
          readCall(type, input.id),
        ).subscribe(sendBack)
        return () => subscription.unsubscribe()
      }),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
