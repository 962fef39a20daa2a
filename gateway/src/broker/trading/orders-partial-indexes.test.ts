import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { storeOfThisFile } from '../../../../tests/support/file-store'
import type { Database } from '../../store/index'
import { planOf } from '../../store/partial-index.fixture'
import { carryOverCheck } from './order-carry'
import { startExits } from './order-exits'
import { createSplitOrders } from './order-split'
import { lapsedBy, linkedOf, partlyFilledDated, restingOn } from './orders.sql'
import { triggersChangedSince, waitingTriggers } from './order-triggers.sql'
import { wantedCodes } from './wanted-codes'

// Migration 0048 made the resting-order indexes partial: a query uses one only when its WHERE
// carries the index's predicate as literal SQL (WORKING_ORDERS, TRIGGER_ORDERS). Each reader that
// needs one is run here for real, its SELECT on orders caught as compiled and explained: a
// predicate bound as parameters, or drifted from the migration's, turns its plan to a scan.

const store = storeOfThisFile()

const NOW = 1_767_000_000_000

const readers: Array<[string, string, (db: Kysely<Database>) => Promise<unknown>]> = [
  ["the matcher's resting orders", 'orders_code', (db) => restingOn(db, ['7203', '6758'])],
  [
    "a split's working orders",
    'orders_code',
    (db) =>
      createSplitOrders({ market: { listing: () => undefined } } as never)(
        db,
        { code: '7203', num: 2n, den: 1n, exStart: NOW } as never,
        NOW,
      ),
  ],
  ["the lapse job's", 'orders_expiry', (db) => lapsedBy(db, NOW)],
  ['dated orders partly filled', 'orders_expiry', (db) => partlyFilledDated(db)],
  ['stops waiting to fire', 'orders_expiry', (db) => waitingTriggers(db)],
  [
    "an order's linked orders",
    'orders_expiry',
    (db) => linkedOf(db, { id: 1n, group_kind: 'oco', group_id: 1n, parent_id: null }),
  ],
  [
    "an IFD entry's exits",
    'orders_expiry',
    (db) => startExits(db, { id: 1n, filled_num: 1n }, NOW),
  ],
  ['the codes trading wants priced', 'orders_expiry', (db) => wantedCodes(db)],
  [
    'limit orders carried over',
    'orders_expiry',
    (db) =>
      carryOverCheck({
        db,
        market: { snapshot: () => undefined },
        marketHours: 'always',
      })(NOW),
  ],
  ['stops changed since', 'orders_trigger_changes', (db) => triggersChangedSince(db, 1n)],
]

describe(`the partial order indexes' readers (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it.each(readers)('%s use %s', async (_, index, run) => {
    // On a near-empty table PostgreSQL may price the other working-order index (same predicate)
    // below orders_code for the matcher's read; a predicate it cannot prove leaves it neither.
    const allowed = index === 'orders_code' ? 'orders_code|orders_expiry' : index
    expect(await planOf(store, run)).toMatch(new RegExp(`\\b(${allowed})\\b`))
  })
})
