import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase, type TestDatabase } from '../../../../tests/support/db'
import type { Store } from '../../store/index'
import { planOf } from '../../store/partial-index.fixture'
import { codesInPlay } from './steps.sql'

let database: TestDatabase
let store: Store

beforeAll(async () => {
  database = await freshDatabase({ migrated: true })
  store = database.openStore()
})
afterAll(async () => {
  await store.close()
  await database.drop()
})

describe(`codes in play (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  // Migration 0048: the working orders' codes come from the partial orders_expiry, whose
  // predicate the query carries literally (orders-partial-indexes.test.ts has the trading side).
  it("read the working orders' codes through orders_expiry", async () => {
    expect(await planOf(store, (db) => codesInPlay(db, 1_767_000_000_000))).toMatch(
      /\borders_expiry\b/,
    )
  })
})
