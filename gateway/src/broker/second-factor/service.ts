import type { Kysely } from 'kysely'
import type { SecondFactors } from '@kabu/shared/api/second-factor'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { IdentityChecks } from '../common/identity-checks'
import { Refusal } from '../common/refusal'
import type { SecondFactorProof, VerifySecondFactor } from '../common/second-factor'
import type { SessionUser } from '../common/session-user'
import type { CallSite } from '../common/broker-calls'
import {
  CUSTOMER_FACTORS,
  createFactors,
  relyingParty,
  type RelyingPartySettings,
} from '../common/factors/index'

export interface SecondFactorDeps {
  db: Kysely<Database>
  clock: Clock
  settings: RelyingPartySettings
  verifyFundPassword: IdentityChecks['verifyFundPassword']
  /** Opens a session for a user a passkey proved, as a password login does (auth area). */
  startSession: (userId: bigint) => Promise<SessionGrant>
}

type Guarded = { fund_password?: string | undefined } & Omit<SecondFactorProof, 'site'>

export type SecondFactorService = ReturnType<typeof createSecondFactorService>

/**
 * Passkeys and TOTP codes: enrolling and removing them (each behind the fund password and, once
 * the user has a factor, that factor too, so a stolen session cannot add its own), logging in with
 * a passkey, and `verify`, the check withdrawals and card changes run beside the fund password.
 */
export function createSecondFactorService(deps: SecondFactorDeps) {
  const { db, clock } = deps
  const factors = createFactors(db, clock, CUSTOMER_FACTORS)
  const { passkeys, totp } = factors
  const rpOf = (site: CallSite) => relyingParty(deps.settings, site)

  const verify: VerifySecondFactor = (userId, proof, options = {}) =>
    factors.check(userId, proof, rpOf(proof.site), options)

  /** The fund password, then the factor the user already holds (if any). */
  async function guard(user: SessionUser, input: Guarded, site: CallSite, required = false) {
    await deps.verifyFundPassword(db, user.userId, input.fund_password)
    await verify(user.userId, { passkey: input.passkey, totp: input.totp, site }, { required })
  }

  return {
    verify,

    async factors(userId: bigint): Promise<SecondFactors> {
      return { passkeys: await passkeys.list(userId), totp: await totp.enabled(userId) }
    },

    registrationOptions: (user: SessionUser, site: CallSite) =>
      passkeys.registrationOptions({ id: user.userId, name: user.account }, rpOf(site)),

    async register(
      user: SessionUser,
      input: Guarded & { credential: string; name?: string | undefined },
      site: CallSite,
    ) {
      await guard(user, input, site)
      const name = input.name || `passkey ${(await passkeys.ownPasskeys(user.userId)).length + 1}`
      return passkeys.register(user.userId, input.credential, name, rpOf(site))
    },

    async removePasskey(user: SessionUser, input: Guarded & { id: number }, site: CallSite) {
      // Whose passkey it is first: one not the user's is not found, whatever else the form holds.
      if (!(await passkeys.owns(user.userId, input.id))) throw new Refusal('passkey_not_found')
      await guard(user, input, site, true)
      await passkeys.remove(user.userId, input.id)
    },

    confirmOptions: (user: SessionUser, site: CallSite) =>
      passkeys.assertionOptions('confirm', user.userId, rpOf(site)),

    loginOptions: (site: CallSite) => passkeys.assertionOptions('login', null, rpOf(site)),

    /** The same session a password login opens. `account`, if typed, must own the passkey. */
    async login(input: { credential: string; account?: string | undefined }, site: CallSite) {
      const userId = await passkeys.verifyAssertion(input.credential, 'login', null, rpOf(site))
      if (input.account) {
        const owner = await db
          .selectFrom('users')
          .select('account')
          .where('id', '=', userId)
          .executeTakeFirst()
        if (owner?.account.toLowerCase() !== input.account.toLowerCase()) {
          throw new Refusal('passkey_invalid')
        }
      }
      return deps.startSession(userId)
    },

    totpSetup: (user: SessionUser) => totp.setup(user.userId, user.account, deps.settings.rpName),

    async totpEnable(user: SessionUser, input: Guarded & { code: string }, site: CallSite) {
      await guard(user, input, site)
      await totp.enable(user.userId, input.code)
    },

    async totpDisable(user: SessionUser, input: Guarded, site: CallSite) {
      await guard(user, input, site, true)
      await totp.disable(user.userId)
    },
  }
}
