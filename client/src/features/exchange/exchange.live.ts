import { assign, fromCallback, fromPromise } from 'xstate'
import { exchange, fetchRates, fetchWallets } from './exchange.api'
import { exchangeMachine } from './exchange.machine'

// The gateway's rates hold still within a minute; asking twice a minute keeps the screen current.
const RATES_EVERY_MS = 30_000

/** The exchange with the app's calls and the live rates. */
export const liveExchangeMachine = exchangeMachine.provide({
  actors: {
    load: fromPromise(async () => {
      const [rates, wallets] = await Promise.all([fetchRates(), fetchWallets()])
      return { rates, wallets }
    }),
    submit: fromPromise(({ input }) => exchange(input)),
    ratesFeed: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => {
        fetchRates()
          .then((rates) => sendBack({ type: 'RATES', rates }))
          .catch(() => {}) // A missed refresh keeps the last rates; the next one tries again.
      }, RATES_EVERY_MS)
      return () => clearInterval(timer)
    }),
  },
  actions: { newIdem: assign({ idem: () => crypto.randomUUID() as string | null }) },
})
