import { assign, fromPromise } from 'xstate'
import { fetchSnapshot, payApplication, subscribeOffer, waiveApplication } from './ipo.api'
import { ipoMachine } from './ipo.machine'

/** The IPO machine of one offer with the app's actors: the /api/vue calls and fresh keys. */
export function liveIpoMachine(offerId: string) {
  return ipoMachine.provide({
    actors: {
      load: fromPromise(() => fetchSnapshot(offerId)),
      subscribe: fromPromise(({ input }) => subscribeOffer(input)),
      pay: fromPromise(({ input }) => payApplication(input)),
      waive: fromPromise(({ input }) => waiveApplication(input)),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
