import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { LoanSettings } from '../../config'
import type { VueArea } from '../../http/vue-router'
import type { ReviewRegistry } from '../../ops/reviews'
import type { Database } from '../../store/index'
import { identityStatus } from '../kyc/service'
import type { Ledger } from '../ledger/index'
import { verifyFundPassword } from '../security/fund-password'
import { readCredit } from './credit'
import { loanQueue } from './queue'
import { loanRoutes } from './routes'
import { createLoanService } from './service'

export interface LoansAreaDeps {
  db: Kysely<Database>
  clock: Clock
  settings: LoanSettings
  ledger: Ledger
  reviews: ReviewRegistry
}

/**
 * The credit-loan area: its /api/vue calls, its `loan` review queue registered, and the credit
 * score of the published formula for other areas to show (getUserinfo's `credit_score`).
 */
export function createLoans({ db, clock, settings, ledger, reviews }: LoansAreaDeps): {
  area: VueArea
  creditScore(userId: bigint, currency: Currency): Promise<number>
} {
  const shared = { clock, settings, ledger, identityStatus }
  reviews.register(loanQueue(shared))
  const service = createLoanService({
    ...shared,
    db,
    // The app's clock, so time travel moves the fund-password throttle window too.
    verifyFundPassword: (trx, userId, plain) => verifyFundPassword(trx, userId, plain, clock),
  })
  return {
    area: loanRoutes(service),
    creditScore: async (userId, currency) =>
      (await readCredit(db, shared, userId, currency, clock.now())).credit.score,
  }
}
