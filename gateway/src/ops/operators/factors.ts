import type { Kysely } from 'kysely'
import type { OperatorFactorChallenge, OperatorFactors } from '@kabu/shared/api/ops'
import {
  OPERATOR_FACTORS,
  Refusal,
  audit,
  createFactors,
  relyingParty,
  type AlongWith,
  type RelyingPartySettings,
} from '../../broker/index'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { OperatorIdentity, OperatorProof, SecondFactor } from './accounts'

/** The password login's answer when a factor is missing: what the console asks for next. */
export class FactorChallenge extends Refusal {
  constructor(readonly offer: OperatorFactorChallenge) {
    super('second_factor_required', 401)
  }
}

export interface OperatorFactorsDeps {
  db: Kysely<Database>
  clock: Clock
  settings: RelyingPartySettings
  /** OPS_REQUIRE_SECOND_FACTOR. */
  required: boolean
  /** The operator's own password (accounts.ts), asked again before a change of their factors. */
  checkPassword: (operatorId: bigint, password: string) => Promise<boolean>
}

type Site = OperatorProof['site']
type Guarded = Omit<OperatorProof, 'site'> & { password: string }
/** A person's session: the script token has no factors of its own. */
type Person = OperatorIdentity & { id: bigint; login: string }

/**
 * Operators' passkeys and TOTP, on the code customers' factors run on (broker/common/factors) over
 * the operators' own tables. `atLogin` is the second step of the password login; the rest is the
 * operator's own settings, each change behind the password again and, once a factor is held, that
 * factor (so a session left open cannot enrol a stranger's passkey), and audited with the person.
 */
export function createOperatorFactors(deps: OperatorFactorsDeps) {
  const { db, clock } = deps
  const factors = createFactors(db, clock, OPERATOR_FACTORS)
  const { passkeys, totp } = factors
  const rpOf = (site: Site) => relyingParty(deps.settings, site)

  const atLogin: SecondFactor = async (operatorId, proof) => {
    const held = await factors.enrolled(operatorId)
    if (!held.passkey && !held.totp) return null
    if (proof.passkey === undefined && proof.totp === undefined) {
      // Issued only once the password matched: no one learns who holds a passkey without it.
      const passkey = held.passkey
        ? await passkeys.assertionOptions('login', operatorId, rpOf(proof.site))
        : null
      throw new FactorChallenge({ totp: held.totp, passkey })
    }
    const used = await factors.check(operatorId, proof, rpOf(proof.site), { purpose: 'login' })
    return used === 'none' ? null : used
  }

  /** @throws Refusal wrong_old_password, or the factor's own refusals */
  async function guard(me: Person, input: Guarded, site: Site, required = false) {
    if (!(await deps.checkPassword(me.id, input.password))) throw new Refusal('wrong_old_password')
    await factors.check(me.id, input, rpOf(site), { required })
  }

  const audited =
    (me: Person, action: string, after: unknown): AlongWith =>
    (trx) =>
      audit(
        trx,
        { operator: me.label, action, target: `operator:${me.login}`, before: null, after },
        clock.now(),
      )

  return {
    atLogin,

    async list(me: Person): Promise<OperatorFactors> {
      return {
        passkeys: await passkeys.list(me.id),
        totp: await totp.enabled(me.id),
        required: deps.required,
      }
    },

    registrationOptions: (me: Person, site: Site) =>
      passkeys.registrationOptions({ id: me.id, name: me.login }, rpOf(site)),

    confirmOptions: (me: Person, site: Site) =>
      passkeys.assertionOptions('confirm', me.id, rpOf(site)),

    async addPasskey(
      me: Person,
      input: Guarded & { credential: string; name?: string | undefined },
      site: Site,
    ) {
      await guard(me, input, site)
      const name = input.name || `passkey ${(await passkeys.ownPasskeys(me.id)).length + 1}`
      return passkeys.register(
        me.id,
        input.credential,
        name,
        rpOf(site),
        audited(me, 'operator.passkey_add', { name }),
      )
    },

    async removePasskey(me: Person, id: number, input: Guarded, site: Site) {
      if (!(await passkeys.owns(me.id, id))) throw new Refusal('passkey_not_found')
      await guard(me, input, site, true)
      await passkeys.remove(me.id, id, audited(me, 'operator.passkey_remove', { id }))
    },

    totpSetup: (me: Person) => totp.setup(me.id, me.login, `${deps.settings.rpName} back office`),

    async totpEnable(me: Person, input: Guarded & { code: string }, site: Site) {
      await guard(me, input, site)
      await totp.enable(me.id, input.code, audited(me, 'operator.totp_enable', { totp: true }))
    },

    async totpDisable(me: Person, input: Guarded, site: Site) {
      await guard(me, input, site, true)
      await totp.disable(me.id, audited(me, 'operator.totp_disable', { totp: false }))
    },
  }
}

export type OperatorFactorService = ReturnType<typeof createOperatorFactors>
