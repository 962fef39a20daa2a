import type { Kysely } from 'kysely'
import type { Clock } from '../../../clock'
import type { Database } from '../../../store/index'
import { Refusal } from '../refusal'
import { createChallenges } from './challenges'
import { createPasskeys } from './passkeys'
import type { RelyingParty } from './relying-party'
import { factorStore, type FactorTableNames } from './tables'
import { createTotp } from './totp'

export { CUSTOMER_FACTORS, OPERATOR_FACTORS, type AlongWith, type FactorTableNames } from './tables'
export { relyingParty, type RelyingParty, type RelyingPartySettings } from './relying-party'
export { TOTP_MAX_TRIES, TOTP_WINDOW_MS } from './totp'

/** Which factor passed; `none` when the owner has none enrolled and none was required. */
export type FactorUsed = 'passkey' | 'totp' | 'none'

/**
 * Passkeys (WebAuthn) and TOTP for one kind of person: customers (broker/second-factor) and
 * operators (ops/operators) each build it over their own tables (`tables.ts`), so both run the same
 * ceremonies, the same single-use challenges and the same TOTP throttle and replay guard.
 */
export function createFactors(db: Kysely<Database>, clock: Clock, names: FactorTableNames) {
  const store = factorStore(db, names)
  const challenges = createChallenges(store.tables, clock)
  const passkeys = createPasskeys(store, clock, challenges, names.handle)
  const totp = createTotp(store, clock)

  /** Whether the owner holds a passkey, TOTP, both or neither. */
  async function enrolled(ownerId: bigint) {
    const [keys, hasTotp] = await Promise.all([
      passkeys.ownPasskeys(ownerId),
      totp.enabled(ownerId),
    ])
    return { passkey: keys.length > 0, totp: hasTotp }
  }

  /**
   * An owner who enrolled a factor must offer one of them: a passkey's assertion on a challenge
   * issued for `purpose` and this owner, or a TOTP code not used before. One with neither passes
   * unless `required`.
   *
   * @throws Refusal second_factor_required | second_factor_not_set | passkey_invalid |
   *   totp_invalid | too_frequent
   */
  async function check(
    ownerId: bigint,
    proof: { passkey?: string | undefined; totp?: string | undefined },
    rp: RelyingParty,
    options: { required?: boolean; purpose?: 'confirm' | 'login' } = {},
  ): Promise<FactorUsed> {
    const held = await enrolled(ownerId)
    if (!held.passkey && !held.totp) {
      if (options.required) throw new Refusal('second_factor_not_set')
      return 'none'
    }
    if (proof.passkey !== undefined) {
      await passkeys.verifyAssertion(proof.passkey, options.purpose ?? 'confirm', ownerId, rp)
      return 'passkey'
    }
    if (proof.totp !== undefined) {
      await totp.check(ownerId, proof.totp)
      return 'totp'
    }
    throw new Refusal('second_factor_required')
  }

  return { passkeys, totp, enrolled, check }
}

export type Factors = ReturnType<typeof createFactors>
