import type { Kysely } from 'kysely'
import type { Database } from '../../store/index'

/**
 * The port through which trading moves a user's NISA growth frame (shared/tax/nisa.ts), always
 * in the caller's SQL transaction and before its ledger posting: each call takes the user's lock
 * first (lockUser), so that two NISA orders of one user read and write the room one after the
 * other, whichever gateway runs them. Amounts are book value: price × shares, fees apart.
 * Implemented by the accounts area (broker/accounts/nisa-book.ts).
 */
export interface NisaBook {
  /**
   * A NISA buy about to be written for `cost`: refused `nisa_not_opened` without an account and
   * `nisa_limit` when it does not fit beside what the user's working NISA buys reserve. `filled`:
   * it fills now, so its cost is used at once; otherwise its order row reserves `cost`.
   */
  place(
    db: Kysely<Database>,
    userId: bigint,
    cost: bigint,
    filled: boolean,
    now: number,
  ): Promise<void>
  /**
   * A working NISA buy filled `cost`, its order's reservation already lowered for those shares:
   * used. `nisa_limit` when that passes a room (a fired stop that cost more than it reserved).
   */
  filled(db: Kysely<Database>, userId: bigint, cost: bigint, now: number): Promise<void>
  /** A working NISA buy's reservation changed (an amendment): `nisa_limit` past a room. */
  recheck(db: Kysely<Database>, userId: bigint, now: number): Promise<void>
  /** A NISA holding of book value `cost` sold: back in the lifetime room from next year. */
  sold(db: Kysely<Database>, userId: bigint, cost: bigint, now: number): Promise<void>
}
