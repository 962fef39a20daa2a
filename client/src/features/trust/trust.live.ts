import { fromPromise } from 'xstate'
import { saveFile } from '../../ui/save-file'
import { fetchLedgerCsv, fetchTrust, selfFreeze, selfUnfreeze } from './trust.api'
import { trustMachine } from './trust.machine'

/** The trust machine with the app's actors: the /api/vue calls and the browser's download. */
export const liveTrustMachine = trustMachine.provide({
  actors: {
    load: fromPromise(() => fetchTrust()),
    freeze: fromPromise(({ input }) => selfFreeze(input.what, input.fundPassword)),
    unfreeze: fromPromise(({ input }) => selfUnfreeze(input.what, input.fundPassword, input.totp)),
    exportLedger: fromPromise(async () => saveFile(await fetchLedgerCsv(), 'ledger-jpy.csv')),
  },
})
