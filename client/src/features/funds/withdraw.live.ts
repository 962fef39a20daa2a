import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromPromise } from 'xstate'
import type { SecondFactors } from '@kabu/shared/api/second-factor'
import { fetchSecondFactors, secondFactorFields } from '../../api/second-factor'
import { fetchCards, fetchWithdrawals, fetchWithdrawRules, withdraw } from './funds.api'
import { newIdem, watchReviewActor } from './review-watch.live'
import { withdrawMachine, type WithdrawSetup } from './withdraw.machine'

/** The withdrawal with the app's calls, keys and verdict watch. */
export function liveWithdrawMachine(type: MarketType) {
  // The factors loaded with the form decide how the submit proves the second factor.
  let factors: SecondFactors | null = null
  return withdrawMachine.provide({
    actors: {
      loadSetup: fromPromise<WithdrawSetup>(async () => {
        const [rules, cards, enrolled] = await Promise.all([
          fetchWithdrawRules(type),
          fetchCards(),
          fetchSecondFactors(),
        ])
        factors = enrolled
        return { rules, cards, factors }
      }),
      submit: fromPromise(async ({ input: { totp, ...draft } }) =>
        withdraw({ type, ...draft, ...(await secondFactorFields(factors, totp)) }),
      ),
      watchReview: watchReviewActor('withdraw', async (id) =>
        (await fetchWithdrawals(type)).find((r) => r.id === id),
      ),
    },
    actions: { newIdem: assign({ idem: () => newIdem() }) },
  })
}
