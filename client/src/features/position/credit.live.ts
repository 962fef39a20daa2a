import { assign, fromCallback, fromPromise } from 'xstate'
import { requestTrustFunds } from '../../api/credit'
import { userEvents$ } from '../../realtime/user-events'
import { creditMachine, type CreditEvent } from './credit.machine'

/**
 * The credit machine with the app's actors: the gateway's `/trade/ustocks`, and the `/user`
 * pushes of this position (credit:call) and of trust-funds reviews (review:decided, credit).
 */
export function liveCreditMachine() {
  return creditMachine.provide({
    actors: {
      submit: fromPromise(({ input }) => requestTrustFunds(input)),
      watch: fromCallback<CreditEvent, { id: string }>(({ sendBack, input }) => {
        const subscription = userEvents$().subscribe((e) => {
          if (e.type === 'credit:call' && e.id === input.id) {
            if (e.status === 'called') {
              sendBack({ type: 'CALLED', deadline: e.deadline ?? 0, amount: e.amount })
            } else sendBack({ type: e.status === 'met' ? 'MET' : 'LIQUIDATED' })
          }
          if (e.type === 'review:decided' && e.kind === 'credit') {
            sendBack({
              type: 'VERDICT',
              requestId: e.id,
              status: e.status === 'approved' ? 'approved' : 'rejected',
              ...(e.reason ? { reason: e.reason } : {}),
            })
          }
          if (e.type === 'trade:updated' && e.id === input.id && e.status === 4) {
            sendBack({ type: 'CLOSED' })
          }
        })
        return () => subscription.unsubscribe()
      }),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
