import type { Kysely } from 'kysely'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Clock } from '../clock'
import type { Config } from '../config'
import { createSecondFactor } from '../broker/second-factor/index'
import { verifyFundPassword } from '../broker/fund-password/fund-password'
import type { Database } from '../store/index'

/**
 * Passkeys and TOTP (broker/second-factor), built before the areas that ask for the factor:
 * its `verifySecondFactor` goes into the identity checks every money area receives. A passkey
 * login opens its session through
 * the auth area, which is built later (hence the function).
 */
export function buildSecondFactor(deps: {
  db: Kysely<Database>
  clock: Clock
  config: Config
  startSession: (userId: bigint) => Promise<SessionGrant>
}) {
  const { db, clock } = deps
  return createSecondFactor({
    db,
    clock,
    settings: deps.config.webauthn,
    verifyFundPassword: (reader, userId, plain) => verifyFundPassword(reader, userId, plain, clock),
    startSession: deps.startSession,
  })
}
