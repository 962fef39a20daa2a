import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromCallback, fromPromise } from 'xstate'
import { userEvents$ } from '../../realtime/user-events'
import { loanMachine } from './loan.machine'
import { loanVerdict$, type LoanVerdictEvent } from './loan-watch'
import { fetchLoanInfo, fetchLoans, repayLoan, requestLoan } from './loans.api'

/** The loan machine with the app's actors: the /api/vue calls, the live verdict, fresh keys. */
export function liveLoanMachine(type: MarketType) {
  return loanMachine.provide({
    actors: {
      load: fromPromise(async () => {
        const [info, loans] = await Promise.all([fetchLoanInfo(type), fetchLoans(type)])
        return { info, loans }
      }),
      submit: fromPromise(({ input }) => requestLoan({ type, ...input })),
      repay: fromPromise(({ input }) => repayLoan(input)),
      watchReview: fromCallback<LoanVerdictEvent, { id: string }>(({ sendBack, input }) => {
        const subscription = loanVerdict$(input.id, userEvents$(), async () =>
          (await fetchLoans(type)).find((l) => l.id === input.id),
        ).subscribe(sendBack)
        return () => subscription.unsubscribe()
      }),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
