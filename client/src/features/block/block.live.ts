import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromCallback, fromPromise } from 'xstate'
import { userEvents$ } from '../../realtime/user-events'
import type { ReviewVerdict } from '../../state/review/review-states'
import { blockMachine } from './block.machine'
import { blockVerdict$ } from './block-watch'
import { buyBlock, fetchAvailable, fetchOffer, fetchOrder } from './block.api'

/** The block machine of offer `id` with the app's actors: the calls, the live verdict, fresh keys. */
export function liveBlockMachine(id: string, type: MarketType) {
  return blockMachine.provide({
    actors: {
      load: fromPromise(async () => {
        const [offer, available] = await Promise.all([fetchOffer(id), fetchAvailable(type)])
        return { offer, available }
      }),
      submit: fromPromise(({ input }) => buyBlock(input)),
      watchReview: fromCallback<ReviewVerdict, { id: string }>(({ sendBack, input }) => {
        const subscription = blockVerdict$(input.id, userEvents$(), () =>
          fetchOrder(input.id).catch(() => undefined),
        ).subscribe(sendBack)
        return () => subscription.unsubscribe()
      }),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
