import { expect } from 'vitest'
import { checkLedger } from '../../gateway/src/broker/ledger/check'

// The gateway's Kysely type, named through the checker so this workspace needs no kysely of its own.
type Db = Parameters<typeof checkLedger>[0]

/**
 * Fails the test unless the ledger's invariants hold (entries sum to zero per transaction and per
 * currency, balances equal their entries, no user balance negative). Every store test that moves
 * money calls it after itself; the violations list says what broke.
 *
 * @example afterEach(() => expectLedgerConsistent(t.app.db))
 */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const { ok, violations } = await checkLedger(db)
  expect(violations).toEqual([])
  expect(ok).toBe(true)
}

/**
 * Fails the test if a draw or a block allocation handed out more than was offered: the IPO
 * offers' won lots against their lots offered, each block order's allocation against what it
 * asked, and each block offer's allocations against its shares.
 */
export async function expectAllocationsWithinOffers(
  db: Db,
  ipoOffers: readonly string[],
  blockOffers: readonly string[],
): Promise<void> {
  for (const id of ipoOffers) {
    const offer = await db
      .selectFrom('ipo_offers')
      .select(['lots_offered'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
    const won = await db
      .selectFrom('ipo_applications')
      .select(['won_lots'])
      .where('offer_id', '=', BigInt(id))
      .execute()
    expect(won.reduce((s, a) => s + a.won_lots, 0n)).toBeLessThanOrEqual(offer.lots_offered)
  }
  for (const id of blockOffers) {
    const offer = await db
      .selectFrom('block_offers')
      .select(['lots', 'lot'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
    const orders = await db
      .selectFrom('block_orders')
      .select(['allocated', 'num'])
      .where('offer_id', '=', BigInt(id))
      .execute()
    let allocated = 0n
    for (const o of orders) {
      expect(o.allocated ?? 0n).toBeLessThanOrEqual(o.num)
      allocated += o.allocated ?? 0n
    }
    expect(allocated).toBeLessThanOrEqual(offer.lots * offer.lot)
  }
}
