import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import { isUniqueViolation, type Database } from '../../store/index'
import { Refusal } from '../common/refusal'
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
export function createPasskeys(db: Kysely<Database>, clock: Clock, challenges: Challenges) {
  const userPasskeys = (userId: bigint) =>
    db
      .selectFrom('passkeys')
      .select(['id', 'credential_id', 'transports'])
      .where('user_id', '=', userId)
      .orderBy('id', 'asc')
      .execute()

  return {
    userPasskeys,

    async registrationOptions(
      user: { userId: bigint; account: string },
      rp: RelyingParty,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await userPasskeys(user.userId)
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpId,
        userName: user.account,
        // A stable handle: the phone keeps one passkey per account and site instead of piling up.
        userID: new TextEncoder().encode(`kabu-user-${user.userId}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credential_id,
          transports: transportsOf(p),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      })
      await challenges.issueWith(options.challenge, 'register', user.userId)
      return options
    },

    /** @throws Refusal passkey_invalid | passkey_exists */
    async register(userId: bigint, credentialJson: string, name: string, rp: RelyingParty) {
      const response = parseRegistration(credentialJson)
      const challenge = signedChallenge(response.response.clientDataJSON)
      if (!challenge || !(await challenges.consume(challenge, 'register', userId))) {
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
        const row = await db
          .insertInto('passkeys')
          .values({
            user_id: userId,
            credential_id: credential.id,
            public_key: Buffer.from(credential.publicKey).toString('base64url'),
            sign_count: credential.counter,
            transports: (credential.transports ?? []).join(','),
            name,
            created_at: clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        return { id: Number(row.id) }
      } catch (error) {
        if (isUniqueViolation(error)) throw new Refusal('passkey_exists')
        throw error
      }
    },

    /** Options to sign: the user's own passkeys (confirm), or any passkey of this site (login). */
    async assertionOptions(
      purpose: 'confirm' | 'login',
      userId: bigint | null,
      rp: RelyingParty,
    ): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const allow = userId === null ? [] : await userPasskeys(userId)
      const options = await generateAuthenticationOptions({
        rpID: rp.rpId,
        allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
        userVerification: 'required',
      })
      await challenges.issueWith(options.challenge, purpose, userId)
      return options
    },

    /**
     * Checks an assertion and returns whose passkey signed it. `userId` (confirm) must own it;
     * null (login) accepts any user's. The challenge is used up first, so a replay fails even if
     * the signature is good; the signature counter, when the authenticator keeps one, must grow.
     *
     * @throws Refusal passkey_invalid
     */
    async verifyAssertion(
      credentialJson: string,
      purpose: 'confirm' | 'login',
      userId: bigint | null,
      rp: RelyingParty,
    ): Promise<bigint> {
      const response = parseAssertion(credentialJson)
      const challenge = signedChallenge(response.response.clientDataJSON)
      if (!challenge || !(await challenges.consume(challenge, purpose, userId))) {
        throw new Refusal('passkey_invalid')
      }
      const stored = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('credential_id', '=', response.id)
        .executeTakeFirst()
      if (!stored || (userId !== null && stored.user_id !== userId))
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
        .updateTable('passkeys')
        .set({ sign_count: result.authenticationInfo.newCounter, last_used_at: clock.now() })
        .where('id', '=', stored.id)
        .execute()
      return stored.user_id
    },
  }
}

export type Passkeys = ReturnType<typeof createPasskeys>
