import { fromPromise } from 'xstate'
import { deleteCard, fetchCards } from './bank.api'
import { bankListMachine } from './bank.machine'

/** The bank cards list with the app's calls (/api/vue). */
export const liveBankListMachine = bankListMachine.provide({
  actors: {
    loadCards: fromPromise(fetchCards),
    deleteCard: fromPromise(({ input }) => deleteCard(input)),
  },
})
