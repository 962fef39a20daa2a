import { sql } from 'kysely'
import { generateSecret, generateURI, verify } from 'otplib'
import type { TotpSetup } from '@kabu/shared/api/second-factor'
import type { Clock } from '../../../clock'
import type { AlongWith, FactorStore } from './tables'
import { Refusal } from '../refusal'

/** One 30-second step either side: a phone's clock a little off still works. */
const TOLERANCE_SECONDS = 30

/** Five wrong codes per 15 minutes, as the fund password allows: 5 in a million, not a brute force. */
export const TOTP_WINDOW_MS = 15 * 60_000
export const TOTP_MAX_TRIES = 5

/**
 * TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what every authenticator app does) on otplib: a secret is
 * shown at setup, becomes active once the user types a code from it, and each code is accepted
 * once (the step it matched is kept). Codes run on the wall clock, not the app's: the user's
 * authenticator app knows nothing of the demo's time travel.
 */
export function createTotp(store: FactorStore, clock: Clock) {
  const db = store.tables
  const wallSeconds = () => Math.floor(Date.now() / 1000)

  /**
   * Counts a try before the code is checked (in one statement, so concurrent guesses cannot all
   * slip under the limit); a right code clears the count. Its own count: the fund password's is
   * cleared by every right fund password, which a thief holding it would send with each guess.
   *
   * @throws Refusal too_frequent
   */
  async function throttle(ownerId: bigint, check: () => Promise<boolean>): Promise<boolean> {
    const now = clock.now()
    const windowStart = BigInt(now - TOTP_WINDOW_MS)
    const fresh = sql<boolean>`failed_since <= ${windowStart}`
    const counted = await db
      .updateTable('factor_totp')
      .set({
        failed_tries: sql`case when ${fresh} then 1 else failed_tries + 1 end`,
        failed_since: sql`case when ${fresh} then ${BigInt(now)} else failed_since end`,
      })
      .where('owner_id', '=', ownerId)
      .returning('failed_tries')
      .executeTakeFirst()
    if (counted && counted.failed_tries > BigInt(TOTP_MAX_TRIES)) throw new Refusal('too_frequent')
    if (!(await check())) return false
    await db
      .updateTable('factor_totp')
      .set({ failed_tries: 0 })
      .where('owner_id', '=', ownerId)
      .execute()
    return true
  }

  /** The step `code` matches after the last one used, or undefined. */
  async function matchingStep(secret: string, code: string, lastStep: bigint) {
    const result = await verify({
      secret,
      token: code,
      epoch: wallSeconds(),
      epochTolerance: TOLERANCE_SECONDS,
      afterTimeStep: Number(lastStep),
    }).catch(() => ({ valid: false as const }))
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  }

  /** Keeps the step, unless a concurrent request used it (or a later one) first. */
  async function useStep(ownerId: bigint, step: number): Promise<boolean> {
    const updated = await db
      .updateTable('factor_totp')
      .set({ last_step: step })
      .where('owner_id', '=', ownerId)
      .where('last_step', '<', BigInt(step))
      .executeTakeFirst()
    return updated.numUpdatedRows === 1n
  }

  const row = (ownerId: bigint) =>
    db.selectFrom('factor_totp').selectAll().where('owner_id', '=', ownerId).executeTakeFirst()

  return {
    async enabled(ownerId: bigint): Promise<boolean> {
      return (await row(ownerId))?.secret != null
    },

    /** A new pending secret (replacing an unconfirmed one). @throws Refusal totp_already_enabled */
    async setup(ownerId: bigint, account: string, issuer: string): Promise<TotpSetup> {
      const current = await row(ownerId)
      if (current?.secret) throw new Refusal('totp_already_enabled')
      const secret = generateSecret()
      if (current) {
        await db
          .updateTable('factor_totp')
          .set({ pending_secret: secret })
          .where('owner_id', '=', ownerId)
          .execute()
      } else {
        await db
          .insertInto('factor_totp')
          .values({ owner_id: ownerId, pending_secret: secret, created_at: clock.now() })
          .execute()
      }
      return { secret, uri: generateURI({ issuer, label: account, secret }) }
    },

    /** Confirms the pending secret with a code from it. @throws Refusal totp_not_set_up | totp_invalid */
    async enable(ownerId: bigint, code: string, along?: AlongWith): Promise<void> {
      const current = await row(ownerId)
      if (current?.secret) throw new Refusal('totp_already_enabled')
      const pending = current?.pending_secret
      if (!pending) throw new Refusal('totp_not_set_up')
      let step: number | undefined
      const right = await throttle(ownerId, async () => {
        step = await matchingStep(pending, code, current.last_step)
        return step !== undefined
      })
      if (!right || step === undefined) throw new Refusal('totp_invalid')
      const matched = step
      // The code was checked (and counted) before: only the switch and its companions roll back.
      await store.transaction(async (tables, trx) => {
        const updated = await tables
          .updateTable('factor_totp')
          .set({
            secret: pending,
            pending_secret: null,
            last_step: matched,
            enabled_at: clock.now(),
          })
          .where('owner_id', '=', ownerId)
          .where('pending_secret', '=', pending)
          .where('secret', 'is', null)
          .executeTakeFirst()
        if (updated.numUpdatedRows !== 1n) throw new Refusal('modify_failed')
        await along?.(trx)
      })
    },

    /** @throws Refusal totp_invalid (wrong, reused or not enabled) | too_frequent */
    async check(ownerId: bigint, code: string): Promise<void> {
      const current = await row(ownerId)
      const secret = current?.secret
      if (!current || !secret) throw new Refusal('totp_invalid')
      const right = await throttle(ownerId, async () => {
        const step = await matchingStep(secret, code, current.last_step)
        return step !== undefined && (await useStep(ownerId, step))
      })
      if (!right) throw new Refusal('totp_invalid')
    },

    async disable(ownerId: bigint, along?: AlongWith): Promise<void> {
      await store.transaction(async (tables, trx) => {
        await tables.deleteFrom('factor_totp').where('owner_id', '=', ownerId).execute()
        await along?.(trx)
      })
    },
  }
}

export type Totp = ReturnType<typeof createTotp>
