import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { LoanSettings } from '../../config'
import type { BrokerArea } from '../common/broker-area'
import type { ReviewRegistry } from '../common/review-queue'
import type { Database } from '../../store/index'
import type { IdentityChecks } from '../common/identity-checks'
import type { SelfFrozen } from '../common/self-freeze'
import type { Ledger } from '../ledger/index'
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
  checks: Pick<IdentityChecks, 'identityStatus' | 'verifyFundPassword'>
  /** The user's own freeze of trading (the trust area's check) refuses new loans. */
  selfFrozen: SelfFrozen
}

/**
 * The credit-loan area: its /api/vue calls, its `loan` review queue registered, and the credit
 * score of the published formula for other areas to show (getUserinfo's `credit_score`).
 */
export function createLoans({
  db,
  clock,
  settings,
  ledger,
  reviews,
  checks,
  selfFrozen,
}: LoansAreaDeps): {
  area: BrokerArea
  creditScore(userId: bigint, currency: Currency): Promise<number>
} {
  const shared = { clock, settings, ledger, identityStatus: checks.identityStatus }
  reviews.register(loanQueue(shared))
  const service = createLoanService({
    ...shared,
    db,
    verifyFundPassword: checks.verifyFundPassword,
    selfFrozen,
  })
  return {
    area: { name: 'loans', routes: loanRoutes(service) },
    creditScore: async (userId, currency) =>
      (await readCredit(db, shared, userId, currency, clock.now())).credit.score,
  }
}
