import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { BrokerArea } from '../broker/index'
import { createFxSource } from '../market/fx'
import type { ReviewRegistry } from '../broker/common/review-queue'
import type { Database } from '../store/index'
import { createDeposits } from '../broker/deposits/index'
import type { IdentityChecks } from '../broker/common/identity-checks'
import type { SelfFrozen } from '../broker/common/self-freeze'
import type { Ledger } from '../broker/ledger/index'
import { createWithdrawals } from '../broker/withdrawals/index'
import { createExchange } from '../broker/exchange/index'

export interface FundsDeps {
  db: Kysely<Database>
  clock: Clock
  config: Config
  ledger: Ledger
  reviews: ReviewRegistry
  identity: IdentityChecks
  /** The user's own freeze of withdrawals and trading (the trust area's check). */
  selfFrozen: SelfFrozen
}

/**
 * Money in, out and across: deposits and withdrawals (each with its review queue) and currency
 * exchange, on one simulated FX source, which also turns the yen limits into other wallets'.
 */
export function createFunds(deps: FundsDeps) {
  const { db, clock, config, ledger, reviews, identity } = deps
  const fx = createFxSource({ clock, seed: config.seed, spread: config.funds.fxSpread })
  const shared = { db, clock, settings: config.funds, fx, ledger, identity }
  const deposits = createDeposits(shared)
  const withdrawals = createWithdrawals({ ...shared, selfFrozen: deps.selfFrozen })
  reviews.register(deposits.queue)
  reviews.register(withdrawals.queue)
  const exchange = createExchange({ ...shared, selfFrozen: deps.selfFrozen })
  const areas: BrokerArea[] = [deposits.area, withdrawals.area, exchange.area]
  return { fx, areas, deposits: deposits.service, withdrawals: withdrawals.service }
}
