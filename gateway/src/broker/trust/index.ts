import type { Kysely } from 'kysely'
import type { RefusalRule } from '@kabu/shared/api/trust'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { TrustSettings } from '../../config'
import type { Database } from '../../store/index'
import type { IdentityChecks } from '../common/identity-checks'
import type { SelfFrozen } from '../common/self-freeze'
import { trustRoutes } from './routes'
import { createSelfFreezes } from './self-freeze'
import { isFrozen } from './self-freeze.sql'
import { createTrustService } from './service'
import type { BrokerArea } from '../common/broker-area'

export interface TrustAreaDeps {
  db: Kysely<Database>
  clock: Clock
  settings: TrustSettings
  verifyFundPassword: IdentityChecks['verifyFundPassword']
  verifySecondFactor: IdentityChecks['verifySecondFactor']
  /** The withdrawal area's refusal table, as published (handed in once built). */
  withdrawRefusalRules: (currency: Currency) => RefusalRule[]
  /** Drops a user's sessions cached on this gateway (their freezes ride on them). */
  forgetSessions?: (userId: bigint) => void
}

/**
 * The trust area: the panel's figures, the ledger export and the user's self-freeze, whose check
 * (`selfFrozen`) the composition root hands to the withdrawal and order areas.
 */
export function createTrust(deps: TrustAreaDeps) {
  const selfFreezes = createSelfFreezes({
    db: deps.db,
    clock: deps.clock,
    verifyFundPassword: deps.verifyFundPassword,
    verifySecondFactor: deps.verifySecondFactor,
    coolingHours: deps.settings.selfFreezeCoolingHours,
    forgetSessions: deps.forgetSessions,
  })
  const service = createTrustService({ ...deps, selfFreezes })
  return {
    service,
    selfFreezes,
    area: { name: 'trust', routes: trustRoutes(service, selfFreezes) } satisfies BrokerArea,
  }
}

/**
 * The check the withdrawal and order areas are handed: one primary-key read of the freezes, a
 * function of the store alone, so it exists before the areas that publish rules to the panel.
 */
export const selfFrozen: SelfFrozen = isFrozen

export type Trust = ReturnType<typeof createTrust>
