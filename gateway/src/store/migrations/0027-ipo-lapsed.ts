import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { widenCheck } from './widen-check'

// Written out rather than imported: a shipped migration must not change when the list grows.
const OLD_STATUSES = `status in (1, 2, 3, 4, 5, 6)`
/** 7 lapsed: won and left unpaid past the payment deadline (the deadline job's, never the user's). */
const NEW_STATUSES = `status in (1, 2, 3, 4, 5, 6, 7)`

/**
 * Status 7 (lapsed): a won application left unpaid past its payment deadline was recorded as 6
 * (waived), as if the user had declined it. A user can waive only up to the deadline
 * (broker/ipo/service.ts), so a waiver settled after it was the deadline job's: it becomes 7.
 */
export function ipoLapsed(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await widenCheck(db, kind, {
        table: 'ipo_applications',
        constraint: 'ipo_applications_status_known',
        from: OLD_STATUSES,
        to: NEW_STATUSES,
      })
      await sql`update ipo_applications set status = 7
        where status = 6 and settled_at > (
          select pay_deadline from ipo_offers where ipo_offers.id = ipo_applications.offer_id
        )`.execute(db)
    },
  }
}
