import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromPromise } from 'xstate'
import { depositMachine } from './deposit.machine'
import { fetchChannels, fetchDeposits, recharge } from './funds.api'
import { newIdem, watchReviewActor } from './review-watch.live'

/** The deposit with the app's calls, keys and verdict watch. */
export function liveDepositMachine(type: MarketType) {
  return depositMachine.provide({
    actors: {
      loadChannel: fromPromise(async () => {
        const [channel] = await fetchChannels(type)
        if (!channel) throw { msg: 'not_found' }
        return channel
      }),
      submit: fromPromise(({ input }) => recharge({ type, ...input })),
      watchReview: watchReviewActor('deposit', async (id) =>
        (await fetchDeposits(type)).find((r) => r.id === id),
      ),
    },
    actions: { newIdem: assign({ idem: () => newIdem() }) },
  })
}
