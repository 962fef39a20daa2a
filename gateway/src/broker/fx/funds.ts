import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { Config } from '../../config'
import type { VueArea } from '../../http/vue-router'
import { createFxSource } from '../../market/fx'
import type { ReviewRegistry } from '../../ops/reviews'
import type { Database } from '../../store/index'
import { bankCardOf } from '../banks/service'
import { createDeposits } from '../deposits/index'
import type { IdentityChecks } from '../deposits/identity-checks'
import { identityStatus } from '../kyc/service'
import type { Ledger } from '../ledger/index'
import { verifyFundPassword } from '../security/fund-password'
import { uploadOwnedBy } from '../uploads/service'
import { createWithdrawals } from '../withdrawals/index'
import { createFx } from './index'

export interface FundsDeps {
  db: Kysely<Database>
  clock: Clock
  config: Config
  ledger: Ledger
  reviews: ReviewRegistry
}

/**
 * Money in, out and across: deposits and withdrawals (each with its review queue) and currency
 * exchange, on one simulated FX source, which also turns the yen limits into other wallets'.
 */
export function createFunds({ db, clock, config, ledger, reviews }: FundsDeps) {
  const fx = createFxSource({ clock, seed: config.seed, spread: config.funds.fxSpread })
  const identity: IdentityChecks = {
    identityStatus,
    uploadOwnedBy,
    bankCardOf,
    // The app's clock, so time travel moves the fund-password throttle window too.
    verifyFundPassword: (trx, userId, plain) => verifyFundPassword(trx, userId, plain, clock),
  }
  const shared = { db, clock, settings: config.funds, fx, ledger, identity }
  const deposits = createDeposits(shared)
  const withdrawals = createWithdrawals(shared)
  reviews.register(deposits.queue)
  reviews.register(withdrawals.queue)
  const areas: VueArea[] = [deposits.area, withdrawals.area, createFx(shared).area]
  return { fx, areas }
}
