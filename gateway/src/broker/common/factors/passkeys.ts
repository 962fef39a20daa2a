import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import type { Clock } from '../../../clock'
import { isUniqueViolation } from '../../../store/index'
import type { AlongWith, FactorStore } from './tables'
import { Refusal } from '../refusal'
import type { Challenges } from './challenges'
import { signedChallenge } from './challenges'
import { parseAssertion, parseRegistration } from './credential-json'
import type { RelyingParty } from './relying-party'

// ES256 (every phone) and RS256 (Windows Hello): what the WebAuthn guide asks servers to accept.
const ALGORITHMS = [-7, -257]

const transportsOf = (row: { transports: string }) =>
  row.transports ? row.transports.split(',') : undefined

/**
 * WebAuthn ceremonies on @simplewebauthn/server: registering a passkey and checking an assertion,
 * each against a challenge this gateway issued (single use, see challenges.ts) for the relying
 * party of the call. User verification (the phone's PIN or biometrics) is required both times.
 */
export function createPasskeys(
  store: FactorStore,
  clock: Clock,
  challenges: Challenges,
  handlePrefix: string,
) {
  const db = store.tables
  const ownPasskeys = (ownerId: bigint) =>
    db
      .selectFrom('factor_passkeys')
      .select(['id', 'credential_id', 'transports'])
      .where('owner_id', '=', ownerId)
      .orderBy('id', 'asc')
      .execute()

  return {
    ownPasskeys,

    /** The owner's passkeys as a settings screen lists them. */
    async list(ownerId: bigint) {
      const rows = await db
        .selectFrom('factor_passkeys')
        .select(['id', 'name', 'created_at', 'last_used_at'])
        .where('owner_id', '=', ownerId)
        .orderBy('id', 'asc')
        .execute()
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        created: Number(r.created_at),
        last_used: r.last_used_at === null ? null : Number(r.last_used_at),
      }))
    },

    /** Whether passkey `id` is the owner's (one not theirs is not found, whatever else is sent). */
    async owns(ownerId: bigint, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('factor_passkeys')
        .select('id')
        .where('id', '=', BigInt(id))
        .where('owner_id', '=', ownerId)
        .executeTakeFirst()
      return row !== undefined
    },

    /** @throws Refusal passkey_not_found */
    async remove(ownerId: bigint, id: number, along?: AlongWith): Promise<void> {
      await store.transaction(async (tables, trx) => {
        const removed = await tables
          .deleteFrom('factor_passkeys')
          .where('id', '=', BigInt(id))
          .where('owner_id', '=', ownerId)
          .executeTakeFirst()
        if (removed.numDeletedRows !== 1n) throw new Refusal('passkey_not_found')
        await along?.(trx)
      })
    },

    async registrationOptions(
      owner: { id: bigint; name: string },
      rp: RelyingParty,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await ownPasskeys(owner.id)
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpId,
        userName: owner.name,
        // A stable handle: the phone keeps one passkey per account and site instead of piling up.
        userID: new TextEncoder().encode(`${handlePrefix}${owner.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credential_id,
          transports: transportsOf(p),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      })
      await challenges.issueWith(options.challenge, 'register', owner.id)
      return options
    },

    /** @throws Refusal passkey_invalid | passkey_exists */
    async register(
      ownerId: bigint,
      credentialJson: string,
      name: string,
      rp: RelyingParty,
      along?: AlongWith,
    ) {
      const response = parseRegistration(credentialJson)
      const challenge = signedChallenge(response.response.clientDataJSON)
      if (!challenge || !(await challenges.consume(challenge, 'register', ownerId))) {
        throw new Refusal('passkey_invalid')
      }
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch(() => ({ verified: false as const }))
      if (!result.verified) throw new Refusal('passkey_invalid')
      const { credential } = result.registrationInfo
      try {
        const row = await store.transaction(async (tables, trx) => {
          const saved = await tables
            .insertInto('factor_passkeys')
            .values({
              owner_id: ownerId,
              credential_id: credential.id,
              public_key: Buffer.from(credential.publicKey).toString('base64url'),
              sign_count: credential.counter,
              transports: (credential.transports ?? []).join(','),
              name,
              created_at: clock.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await along?.(trx)
          return saved
        })
        return { id: Number(row.id) }
      } catch (error) {
        if (isUniqueViolation(error)) throw new Refusal('passkey_exists')
        throw error
      }
    },

    /** Options to sign: the user's own passkeys (confirm), or any passkey of this site (login). */
    async assertionOptions(
      purpose: 'confirm' | 'login',
      ownerId: bigint | null,
      rp: RelyingParty,
    ): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const allow = ownerId === null ? [] : await ownPasskeys(ownerId)
      const options = await generateAuthenticationOptions({
        rpID: rp.rpId,
        allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
        userVerification: 'required',
      })
      await challenges.issueWith(options.challenge, purpose, ownerId)
      return options
    },

    /**
     * Checks an assertion and returns whose passkey signed it. `ownerId` (confirm) must own it;
     * null (login) accepts any user's. The challenge is used up first, so a replay fails even if
     * the signature is good; the signature counter, when the authenticator keeps one, must grow.
     *
     * @throws Refusal passkey_invalid
     */
    async verifyAssertion(
      credentialJson: string,
      purpose: 'confirm' | 'login',
      ownerId: bigint | null,
      rp: RelyingParty,
    ): Promise<bigint> {
      const response = parseAssertion(credentialJson)
      const challenge = signedChallenge(response.response.clientDataJSON)
      if (!challenge || !(await challenges.consume(challenge, purpose, ownerId))) {
        throw new Refusal('passkey_invalid')
      }
      const stored = await db
        .selectFrom('factor_passkeys')
        .selectAll()
        .where('credential_id', '=', response.id)
        .executeTakeFirst()
      if (!stored || (ownerId !== null && stored.owner_id !== ownerId))
        throw new Refusal('passkey_invalid')
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        credential: {
          id: stored.credential_id,
          publicKey: Buffer.from(stored.public_key, 'base64url'),
          counter: Number(stored.sign_count),
          transports: transportsOf(stored),
        },
        requireUserVerification: true,
      }).catch(() => ({ verified: false as const, authenticationInfo: undefined }))
      if (!result.verified || !result.authenticationInfo) throw new Refusal('passkey_invalid')
      await db
        .updateTable('factor_passkeys')
        .set({ sign_count: result.authenticationInfo.newCounter, last_used_at: clock.now() })
        .where('id', '=', stored.id)
        .execute()
      return stored.owner_id
    },
  }
}

export type Passkeys = ReturnType<typeof createPasskeys>
