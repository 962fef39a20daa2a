import { fromPromise } from 'xstate'
import { fetchVerifyInfo, submitVerify } from './kyc.api'
import { kycMachine } from './kyc.machine'

/** The verification with the app's calls (/api/vue). */
export const liveKycMachine = kycMachine.provide({
  actors: {
    loadInfo: fromPromise(fetchVerifyInfo),
    submit: fromPromise(({ input }) => submitVerify(input)),
  },
})
