import { fromPromise } from 'xstate'
import { chooseTaxAccount, fetchAccounts, openNisa } from '../../api/accounts'
import { accountsMachine } from './accounts.machine'

/** The accounts machine with the app's calls. */
export const liveAccountsMachine = accountsMachine.provide({
  actors: {
    load: fromPromise(() => fetchAccounts()),
    openNisa: fromPromise(({ input }) => openNisa(input.fundPassword)),
    chooseKind: fromPromise(({ input }) => chooseTaxAccount(input.kind, input.fundPassword)),
  },
})
