import type { Kysely } from 'kysely'
import { allocateBlock } from '@kabu/shared/block'
import type { Database } from '../../store/index'
import * as q from './block.sql'

/**
 * Allocates one closed offer by the published rule (`allocateBlock`): the pending requests, in
 * the order they were made, share its lots. Inside the caller's transaction; only the caller that
 * marks the offer allocates it, so it happens once even when a review and a list race.
 */
export async function allocateOffer(
  trx: Kysely<Database>,
  offer: q.OfferRow,
  now: number,
): Promise<void> {
  if (!(await q.markAllocated(trx, offer.id, now))) return
  const pending = await q.pendingOn(trx, offer.id)
  const allocation = allocateBlock(
    Number(offer.lots),
    pending.map((o) => ({ ref: o.id, lots: Number(o.num / offer.lot), at: Number(o.created_at) })),
  )
  for (const { ref, lots } of allocation) {
    await q.setAllocated(trx, ref, BigInt(lots) * offer.lot)
  }
}

/**
 * Allocates every offer whose window has closed at `now` and is not allocated yet, each in its own
 * transaction: called before anything shows or decides requests, so the allocation is there as
 * soon as anyone looks after the window closes.
 */
export async function allocateClosed(db: Kysely<Database>, now: number): Promise<void> {
  for (const offer of await q.closedUnallocated(db, now)) {
    await db.transaction().execute((trx) => allocateOffer(trx, offer, now))
  }
}
