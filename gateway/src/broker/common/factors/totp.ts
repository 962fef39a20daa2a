import type { Kysely, Selectable } from 'kysely'
import { generateSecret, generateURI, verify } from 'otplib'
import type { TotpSetup } from '@kabu/shared/api/second-factor'
import type { Clock } from '../../../clock'
import { onPostgres, type Database } from '../../../store/index'
import type { AlongWith, FactorDatabase, FactorStore } from './tables'
import { Refusal } from '../refusal'

/** One 30-second step either side: a phone's clock a little off still works. */
const TOLERANCE_SECONDS = 30

/** Five wrong codes per 15 minutes, as the fund password allows: 5 in a million, not a brute force. */
export const TOTP_WINDOW_MS = 15 * 60_000
export const TOTP_MAX_TRIES = 5

type TotpRow = Selectable<FactorDatabase['factor_totp']>

/**
 * TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what every authenticator app does) on otplib: a secret is
 * shown at setup, becomes active once the user types a code from it, and each code is accepted
 * once (the step it matched is kept). Codes run on the wall clock, not the app's: the user's
 * authenticator app knows nothing of the demo's time travel.
 */
export function createTotp(store: FactorStore, clock: Clock) {
  const db = store.tables
  const wallSeconds = () => Math.floor(Date.now() / 1000)

  /** The time step `code` is the code of, within the drift allowed, or undefined. */
  async function stepOf(secret: string, code: string) {
    const result = await verify({
      secret,
      token: code,
      epoch: wallSeconds(),
      epochTolerance: TOLERANCE_SECONDS,
    }).catch(() => ({ valid: false as const }))
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  }

  /**
   * One try of a code, decided while the owner's row is held, so tries of one owner queue and
   * each sees the one before it: concurrent guesses cannot slip under the limit, and a copy of a
   * code cannot pass for a guess. Past TOTP_MAX_TRIES wrong codes in the window every try is
   * too_frequent; a code of a step not used yet is taken (`take` keeps its step) and clears the
   * count. A code of a step already used (a double tap, a retry racing its first try) is refused
   * but is no guess, so it does not count: counted, a double tap locked its owner out. Anything
   * else is a guess and counts. Its own count: the fund password's is cleared by every right fund
   * password, which a thief holding it would send with each guess.
   *
   * @throws Refusal too_frequent
   */
  function attempt(
    ownerId: bigint,
    secretOf: (row: TotpRow) => string | null,
    code: string,
    take: (tables: Kysely<FactorDatabase>, trx: Kysely<Database>, step: number) => Promise<void>,
  ): Promise<boolean> {
    return store.transaction(async (tables, trx) => {
      let held = tables.selectFrom('factor_totp').selectAll().where('owner_id', '=', ownerId)
      // SQLite runs one writer at a time: there the transaction alone queues the tries.
      if (onPostgres(trx)) held = held.forUpdate()
      const current = await held.executeTakeFirst()
      const secret = current && secretOf(current)
      if (!current || !secret) return false
      const now = clock.now()
      const tries = current.failed_since > BigInt(now - TOTP_WINDOW_MS) ? current.failed_tries : 0n
      if (tries >= BigInt(TOTP_MAX_TRIES)) throw new Refusal('too_frequent')
      const step = await stepOf(secret, code)
      const mine = tables.updateTable('factor_totp').where('owner_id', '=', ownerId)
      if (step !== undefined && BigInt(step) > current.last_step) {
        await take(tables, trx, step)
        await mine.set({ failed_tries: 0 }).execute()
        return true
      }
      // The first wrong code since the count cleared starts the window.
      if (step === undefined) {
        await mine
          .set(tries > 0n ? { failed_tries: tries + 1n } : { failed_tries: 1, failed_since: now })
          .execute()
      }
      return false
    })
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
      const right = await attempt(
        ownerId,
        (held) => (held.secret === null ? held.pending_secret : null),
        code,
        async (tables, trx, step) => {
          const updated = await tables
            .updateTable('factor_totp')
            .set({
              secret: pending,
              pending_secret: null,
              last_step: step,
              enabled_at: clock.now(),
            })
            .where('owner_id', '=', ownerId)
            .where('pending_secret', '=', pending)
            .where('secret', 'is', null)
            .executeTakeFirst()
          if (updated.numUpdatedRows !== 1n) throw new Refusal('modify_failed')
          await along?.(trx)
        },
      )
      if (!right) throw new Refusal('totp_invalid')
    },

    /** @throws Refusal totp_invalid (wrong, reused or not enabled) | too_frequent */
    async check(ownerId: bigint, code: string): Promise<void> {
      const right = await attempt(
        ownerId,
        (held) => held.secret,
        code,
        async (tables, _trx, step) => {
          await tables
            .updateTable('factor_totp')
            .set({ last_step: step })
            .where('owner_id', '=', ownerId)
            .execute()
        },
      )
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
