import type { Kysely } from 'kysely'
import type { Clock } from '../../../clock'
import type { FactorDatabase } from './tables'
import type { ChallengePurpose } from '../../../store/schema/second-factor'

/** How long a phone has to answer a challenge (the browser's own timeout is one minute). */
export const CHALLENGE_TTL_MS = 5 * 60_000

/**
 * WebAuthn challenges, kept in the store so any gateway can check the answer, each for one
 * purpose (and one user, except a login's), good once and for CHALLENGE_TTL_MS on the app's clock.
 */
export function createChallenges(db: Kysely<FactorDatabase>, clock: Clock) {
  return {
    /** Keeps a challenge the WebAuthn library generated (32 random bytes, base64url). */
    async issueWith(challenge: string, purpose: ChallengePurpose, ownerId: bigint | null) {
      const now = clock.now()
      // Expired rows are of no use to anyone: each issue sweeps them (indexed by expiry).
      await db.deleteFrom('factor_challenges').where('expires_at', '<', BigInt(now)).execute()
      await db
        .insertInto('factor_challenges')
        .values({ challenge, purpose, owner_id: ownerId, expires_at: now + CHALLENGE_TTL_MS })
        .execute()
    },

    /**
     * Marks a challenge used, in one statement, so two requests with the same answer cannot both
     * pass. Undefined when it is unknown, expired, used, for another purpose or another user.
     */
    async consume(
      challenge: string,
      purpose: ChallengePurpose,
      ownerId: bigint | null,
    ): Promise<{ ownerId: bigint | null } | undefined> {
      const now = clock.now()
      const row = await db
        .updateTable('factor_challenges')
        .set({ used_at: now })
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', BigInt(now))
        .where((eb) =>
          ownerId === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', ownerId),
        )
        .returning('owner_id')
        .executeTakeFirst()
      return row ? { ownerId: row.owner_id } : undefined
    },
  }
}

export type Challenges = ReturnType<typeof createChallenges>

/** The challenge a browser signed, read from the response's clientDataJSON; undefined if absent. */
export function signedChallenge(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== 'string') return undefined
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    const challenge = (data as { challenge?: unknown } | null)?.challenge
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined
  } catch {
    return undefined
  }
}
