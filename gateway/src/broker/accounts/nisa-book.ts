import type { Kysely } from 'kysely'
import { localDate } from '@kabu/shared/market/time-zone'
import {
  growthRoom,
  nisaAsOf,
  nisaBuy,
  nisaSell,
  withReserved,
  type NisaRoom,
} from '@kabu/shared/tax/nisa'
import { lockUser, type Database } from '../../store/index'
import type { NisaBook } from '../common/nisa-book'
import { Refusal } from '../common/refusal'
import * as q from './accounts.sql'

/** The Tokyo calendar year at `now`: NISA's rooms are per calendar year in Japan. */
export const nisaYear = (now: number): number => Number(localDate('jp', now).slice(0, 4))

/**
 * The NISA growth frame as trading moves it (the `NisaBook` port): the user locked, the stored
 * figures moved on to this year (nisaAsOf), the working buys' reservations added (withReserved),
 * then the pure rules of shared/tax/nisa.ts decide; what filled or sold is written back whole.
 */
export function createNisaBook(): NisaBook {
  /** The account as of this year, the user locked; undefined when none was opened. */
  async function lockedRoom(db: Kysely<Database>, userId: bigint, now: number) {
    await lockUser(db, userId)
    const row = await q.nisaRow(db, userId)
    return row && nisaAsOf(q.roomOf(row), nisaYear(now))
  }

  async function opened(db: Kysely<Database>, userId: bigint, now: number): Promise<NisaRoom> {
    const room = await lockedRoom(db, userId, now)
    // Trading places a NISA order only once `place` found the account: it is never closed.
    if (!room) throw new Error(`user ${userId} has NISA orders but no NISA account`)
    return room
  }

  /** nisa_limit unless `extra` more fits beside what is used and reserved. */
  async function refuseUnlessFits(
    db: Kysely<Database>,
    userId: bigint,
    room: NisaRoom,
    extra: bigint,
  ) {
    const reserved = await q.reservedBy(db, userId)
    if (growthRoom(withReserved(room, reserved)) < extra) throw new Refusal('nisa_limit')
  }

  async function use(db: Kysely<Database>, userId: bigint, room: NisaRoom, cost: bigint) {
    const bought = nisaBuy(room, room.year, cost)
    if (bought === 'nisa_limit') throw new Refusal('nisa_limit')
    await q.writeNisa(db, userId, bought)
  }

  return {
    async place(db, userId, cost, filled, now) {
      const room = await lockedRoom(db, userId, now)
      if (!room) throw new Refusal('nisa_not_opened')
      await refuseUnlessFits(db, userId, room, cost)
      if (filled) await use(db, userId, room, cost)
    },

    async filled(db, userId, cost, now) {
      const room = await opened(db, userId, now)
      await refuseUnlessFits(db, userId, room, cost)
      await use(db, userId, room, cost)
    },

    async recheck(db, userId, now) {
      await refuseUnlessFits(db, userId, await opened(db, userId, now), 0n)
    },

    async sold(db, userId, cost, now) {
      const room = await opened(db, userId, now)
      // A split's rounding may leave a holding's cost a unit above what its fills used: never
      // give back more than the growth frame holds.
      const held = room.growthLifetimeUsed - room.growthReturnsNextYear
      const back = cost < held ? cost : held
      if (back > 0n) await q.writeNisa(db, userId, nisaSell(room, room.year, back))
    },
  }
}
